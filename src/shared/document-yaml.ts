// The published documents as YAML (generated/openapi.yaml, asyncapi.yaml, and each older API version's
// served by /openapi.yaml?version=...): one rendering, so a file and an answer never differ in form.
import YAML from 'yaml';

/**
 * YAML with the 1.1 rules for plain scalars, so strings such as `2026-07-01`, `yes` or `on` are
 * quoted: YAML 1.1 readers (PyYAML, many tools) would otherwise read dates and booleans.
 * The output is valid YAML 1.2 too (no directive is written). `header` is comment lines put first.
 */
export const documentYaml = (doc: unknown, header = ''): string =>
  header + YAML.stringify(doc, { version: '1.1', aliasDuplicateObjects: false, lineWidth: 0 });
