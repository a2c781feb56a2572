// The baseline: a client that does what the service interface describes (section 4.2), one entity at a time:
// read the aspect, modify it, write it back when it changed. Same manifests, same server, same proxy as the
// tool. Prints {"reads": n, "writes": n} on stdout.
// Run: node bench/per-entity-client.js <catalog-dir> <server-url>
import { loadCatalog } from '../dist/manifest/load-catalog.js';

const [dir, server] = process.argv.slice(2);
const load = await loadCatalog(dir);
if (load.state === undefined) throw new Error('the manifests do not validate');
const state = load.state;
let reads = 0;
let writes = 0;

async function read(urn, aspect) {
  reads += 1;
  const response = await fetch(`${server}/aspects/${encodeURIComponent(urn)}?aspect=${aspect}&version=0`);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`read ${urn} ${aspect}: ${response.status}`);
  const body = await response.json();
  return Object.values(body.aspect)[0];
}

async function write(urn, aspectName, aspect) {
  writes += 1;
  const response = await fetch(`${server}/aspects?action=ingestProposal`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      proposal: {
        entityUrn: urn,
        changeType: 'UPSERT',
        aspectName,
        aspect: { value: JSON.stringify(aspect), contentType: 'application/json' },
      },
    }),
  });
  if (!response.ok)
    throw new Error(`write ${urn} ${aspectName}: ${response.status} ${await response.text()}`);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const stamp = { time: Date.now(), actor: state.settings.actor };

for (const entity of state.entities) {
  const current = await read(entity.urn, entity.aspectName);
  const next = { ...(current ?? {}), ...entity.fields };
  if (current === undefined || !same(current, next)) await write(entity.urn, entity.aspectName, next);
}

for (const dataset of state.datasets) {
  // Rule 4: dataset terms, appended when missing.
  const terms = await read(dataset.datasetUrn, 'glossaryTerms');
  const present = new Set((terms?.terms ?? []).map((association) => association.urn));
  const missing = dataset.terms.filter((edge) => !present.has(edge.termUrn));
  if (missing.length > 0) {
    await write(dataset.datasetUrn, 'glossaryTerms', {
      ...(terms ?? {}),
      terms: [...(terms?.terms ?? []), ...missing.map((edge) => ({ urn: edge.termUrn }))],
      auditStamp: terms?.auditStamp ?? stamp,
    });
  }
  // Rule 5: column terms, appended to the column's entry (created when missing).
  const editable = await read(dataset.datasetUrn, 'editableSchemaMetadata');
  const entries = [...(editable?.editableSchemaFieldInfo ?? [])];
  let changed = false;
  for (const column of dataset.columns) {
    let index = entries.findIndex((entry) => entry.fieldPath === column.simplePath);
    if (index < 0) {
      entries.push({ fieldPath: column.simplePath });
      index = entries.length - 1;
    }
    const entry = entries[index];
    const have = new Set((entry.glossaryTerms?.terms ?? []).map((association) => association.urn));
    const add = column.terms.filter((edge) => !have.has(edge.termUrn));
    if (add.length === 0) continue;
    entries[index] = {
      ...entry,
      glossaryTerms: {
        terms: [...(entry.glossaryTerms?.terms ?? []), ...add.map((edge) => ({ urn: edge.termUrn }))],
        auditStamp: stamp,
      },
    };
    changed = true;
  }
  if (changed) {
    await write(dataset.datasetUrn, 'editableSchemaMetadata', {
      created: editable?.created ?? stamp,
      lastModified: stamp,
      ...(editable ?? {}),
      editableSchemaFieldInfo: entries,
    });
  }
}
console.log(JSON.stringify({ reads, writes, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
