// GENERATED FILE, DO NOT EDIT. Generated from specs/ by `npm run generate`; edit the specs and regenerate.
// Makes the pre-rendered reference interactive (search, expanding schemas, samples): Redoc's own
// hydrate() with the definition and options the page carries as JSON.
import { hydrate } from './redoc-a48c76fd889a.js';

const data = (id) => JSON.parse(document.getElementById(id).textContent);
hydrate(data('redoc-definition'), data('redoc-options'), document.getElementById('redoc'));
