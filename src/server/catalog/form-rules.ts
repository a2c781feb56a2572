/**
 * GMS v1.7.0's FormPromptValidator (metadata-io/.../forms/validation/FormPromptValidator.java), run by the catalog
 * before a form's formInfo is written: its prompt ids are unique within it and across every other form. A refusal
 * is a 422 with GMS's message.
 */
import { isJsonObject, type JsonObject } from '../../model/json.js';
import type { AspectStore } from '../store/aspect-store.js';
import type { AcceptedProposal } from './accept-proposals.js';
import { ServiceError } from './service-error.js';

export function checkFormWrite(store: AspectStore, { proposal }: AcceptedProposal): void {
  if (proposal.aspectName !== 'formInfo') return;
  const ids = promptIds(proposal.aspect);
  if (new Set(ids).size !== ids.length)
    throw new ServiceError(
      422,
      `Prompt IDs must be unique, there are duplicate prompt IDs given: [${ids.join(', ')}]`,
    );
  if (ids.length === 0) return;
  const { total } = store.listUrns('formKey', 0, 0);
  const others = store
    .listUrns('formKey', 0, total)
    .urns.filter((urn) => urn !== proposal.entityUrn)
    .filter((urn) => promptIds(store.get(urn, 'formInfo')?.value).some((id) => ids.includes(id)));
  if (others.length > 0)
    throw new ServiceError(
      422,
      `Cannot have duplicate prompt IDs across any form, all prompt IDs must be globally unique. Form urns with prompt IDs matching given prompt IDs:[${others.join(', ')}]`,
    );
}

function promptIds(aspect: JsonObject | undefined): string[] {
  const prompts = aspect?.['prompts'];
  return (Array.isArray(prompts) ? prompts.filter(isJsonObject) : []).flatMap((prompt) =>
    typeof prompt['id'] === 'string' ? [prompt['id']] : [],
  );
}
