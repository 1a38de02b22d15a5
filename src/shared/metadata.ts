/** Applies a metadata update: string values set keys, `null` removes them. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string | null> | undefined,
): Record<string, string> {
  if (!update) return current;
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  return next;
}
