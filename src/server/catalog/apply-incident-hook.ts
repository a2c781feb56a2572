/**
 * Writing an accepted proposal with the incidents summary hook after it (incidents-summary.ts): the assets'
 * summaries are written in the same transaction, by the system actor, as GMS's hook writes them.
 */
import type { AspectStore } from '../store/aspect-store.js';
import { acceptProposals, type AcceptedProposal } from './accept-proposals.js';
import { SYSTEM_ACTOR } from './enveloped-aspects.js';
import { ServiceError } from './service-error.js';
import { incidentSummaryWrites, isIncidentSummaryTrigger } from './incidents-summary.js';

/**
 * Runs `write` (the proposal's own write); when it is an incident's incidentInfo, writes the summaries of
 * the assets the incident is (or was) on. Answers the URNs of the assets whose summary was written.
 */
export function writeWithIncidentsSummary(
  store: AspectStore,
  item: AcceptedProposal,
  write: (item: AcceptedProposal, actor?: string) => void,
): readonly string[] {
  const { proposal } = item;
  if (!isIncidentSummaryTrigger(proposal)) {
    write(item);
    return [];
  }
  const previous = store.get(proposal.entityUrn, 'incidentInfo')?.value;
  write(item);
  // The hook reads the incident as it is now (the write may have been skipped, a CREATE of what exists).
  const info = store.get(proposal.entityUrn, 'incidentInfo')?.value;
  if (info === undefined) return [];
  const writes = incidentSummaryWrites(proposal.entityUrn, info, previous, (asset) => store.get(asset, 'incidentsSummary')?.value); // prettier-ignore
  const written: string[] = [];
  for (const summary of writes) {
    // The hook logs a summary it fails to write and goes on (updateIncidentSummary): a malformed asset URN.
    let accepted: AcceptedProposal[];
    try {
      accepted = acceptProposals([summary]);
    } catch (error) {
      if (error instanceof ServiceError) continue;
      throw error;
    }
    for (const next of accepted) write(next, SYSTEM_ACTOR);
    written.push(summary.entityUrn);
  }
  return written;
}
