// The write floor: sends the aspects a plan writes, blind: no reads, no version checks, no validation, nothing
// ordered by phase, in ingestProposalBatch requests of 200 proposals with `parallelism` requests in flight (the
// tool's batch size and default parallelism). Each change's `after` becomes one proposal (a glossary term the
// tool creates with createGlossaryTerm is written as its glossaryTermInfo aspect instead), plus the status
// aspect the tool writes with new entities. The request bodies are made before the clock starts.
// Prints {"ms", "requests", "proposals", "maxRssMb"} on stdout.
// Run: node bench/blind-writer.js <plan.json> <gms-url> [parallelism]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [planFile, url, parallelismText] = process.argv.slice(2);
const parallelism = Number(parallelismText ?? 4);
const BATCH = 200;

const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const systemMetadata = { lastObserved: Date.now(), runId: 'blind-writer' };
const proposal = (change, aspectName, aspect) => ({
  entityType: change.entityType,
  entityUrn: change.urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(aspect), contentType: 'application/json' },
  systemMetadata,
});
const proposals = [];
for (const change of plan.changes) {
  proposals.push(proposal(change, change.aspect, change.after));
  if (change.markStatus === true || change.kind === 'createGlossaryTerm')
    proposals.push(proposal(change, 'status', { removed: false }));
}
const bodies = [];
for (let start = 0; start < proposals.length; start += BATCH)
  bodies.push(JSON.stringify({ proposals: proposals.slice(start, start + BATCH), async: 'false' }));

const endpoint = `${url}/aspects?action=ingestProposalBatch`;
const headers = { 'X-RestLi-Protocol-Version': '2.0.0', 'Content-Type': 'application/json' };
const start = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: parallelism }, async () => {
    while (next < bodies.length) {
      const body = bodies[next];
      next += 1;
      const response = await fetch(endpoint, { method: 'POST', headers, body });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`ingestProposalBatch answered ${response.status}: ${text.slice(0, 500)}`);
    }
  }),
);
const ms = performance.now() - start;
console.log(
  JSON.stringify({
    ms,
    requests: bodies.length,
    proposals: proposals.length,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
