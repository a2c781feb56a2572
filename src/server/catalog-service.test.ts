import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASPECT_SCHEMAS } from '../datahub/generated/aspect-schemas.js';
import { trimUnrecognizedFields, validateAspect } from '../datahub/pegasus/validate-aspect.js';
import { parseJson } from '../model/json.js';
import { checkAspectValue, parseMetadataRecords, type CheckedProposal } from '../model/metadata-file.js';
import type { Proposal } from '../model/proposal.js';
import { CatalogService, ServiceError } from './catalog-service.js';
import { AspectStore } from './store/aspect-store.js';

const actor = 'urn:li:corpuser:x';
const proposal = (urn: string, aspect: Proposal['aspect']): Proposal => ({
  entityType: 'mlFeature',
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName: 'mlFeatureProperties',
  aspect,
});
const checked = (...proposals: Proposal[]): readonly CheckedProposal[] => {
  const parsed = parseMetadataRecords(proposals.map((item) => ({ ...item, aspect: { json: item.aspect } })));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.proposals;
};
const storedText = (store: AspectStore, urn: string): unknown => store.get(urn, 'mlFeatureProperties')?.value;

describe('CatalogService.ingest', () => {
  it('stores a value without the fields its schema does not know, and refuses an invalid one whole', () => {
    const store = new AspectStore(':memory:');
    const service = new CatalogService(store, () => 1);
    service.ingest([proposal('urn:li:mlFeature:(t,a)', { description: 'd', newerField: 1 })], actor);
    expect(storedText(store, 'urn:li:mlFeature:(t,a)')).toEqual({ description: 'd' });
    expect(() =>
      service.ingest(
        [
          proposal('urn:li:mlFeature:(t,b)', { description: 'd' }),
          proposal('urn:li:mlFeature:(t,c)', { description: 7 }),
        ],
        actor,
      ),
    ).toThrow(/Failed to validate record with class com\.linkedin\.ml\.metadata\.MLFeatureProperties/);
    expect(store.get('urn:li:mlFeature:(t,b)', 'mlFeatureProperties')).toBeUndefined();
    store.close();
  });
});

describe('CatalogService.acceptChecked', () => {
  it('writes what a reader checked as ingest writes it: trimmed, with its key aspect', () => {
    const viaIngest = new AspectStore(':memory:');
    const viaChecked = new AspectStore(':memory:');
    const proposals = [
      proposal('urn:li:mlFeature:(t,a)', { description: 'd', newerField: 1 }),
      proposal('urn:li:mlFeature:(t,b)', { description: 'e' }),
    ];
    new CatalogService(viaIngest, () => 1).ingest(proposals, actor);
    const service = new CatalogService(viaChecked, () => 1);
    const accepted = service.acceptChecked(checked(...proposals));
    expect(accepted.map((item) => item.text)).toEqual([
      JSON.stringify({ description: 'd' }),
      JSON.stringify({ description: 'e' }),
    ]);
    service.ingestAccepted(accepted, actor);
    for (const urn of ['urn:li:mlFeature:(t,a)', 'urn:li:mlFeature:(t,b)']) {
      expect(viaChecked.latestAspects(urn)).toEqual(viaIngest.latestAspects(urn));
    }
    expect(viaChecked.get('urn:li:mlFeature:(t,a)', 'mlFeatureKey')?.value).toEqual({
      featureNamespace: 't',
      name: 'a',
    });
    viaIngest.close();
    viaChecked.close();
  });

  it('still refuses a URN that does not fit its entity key', () => {
    const store = new AspectStore(':memory:');
    const service = new CatalogService(store, () => 1);
    const proposals = checked(
      proposal('urn:li:mlFeature:(t,a)', { description: 'd' }),
      proposal('urn:li:mlFeature:(t,a,extra)', { description: 'd' }),
    );
    expect(() => service.acceptChecked(proposals)).toThrow(ServiceError);
    expect(() => service.acceptChecked(proposals)).toThrow(/^Invalid urn urn:li:mlFeature:\(t,a,extra\)/);
    expect(store.get('urn:li:mlFeature:(t,a)', 'mlFeatureProperties')).toBeUndefined();
    store.close();
  });
});

// acceptChecked trims a value only when its reader found fields to trim (checkAspectValue): that answer must be
// exactly whether trimming changes the value, and its problems exactly GMS's.
describe('checkAspectValue on real DataHub files', () => {
  const FIXTURES = [
    'feast_repository_mces_golden.json',
    'mlflow_mcps_golden.json',
    'vertexai_mcps_golden.json',
    'glossary_events_golden.json',
    'csv_enricher_golden.json',
    'test_mlmodel_complex_golden.json',
    'bootstrap_mce.json',
  ];

  it('answers what validateAspect answers, and whether trimming would change the value, on real DataHub files', () => {
    let values = 0;
    for (const file of FIXTURES) {
      const json = parseJson(readFileSync(`test/fixtures/datahub/${file}`, 'utf8'));
      if (!json.ok) throw new Error(json.error);
      const parsed = parseMetadataRecords(json.value);
      if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.errors)}`);
      for (const { aspectName, aspect } of parsed.proposals) {
        const check = checkAspectValue(aspectName, aspect);
        expect(check.problems).toEqual(validateAspect(aspectName, aspect));
        const trimmed = JSON.stringify(trimUnrecognizedFields(ASPECT_SCHEMAS, aspectName, aspect));
        expect(trimmed !== JSON.stringify(aspect)).toBe(check.unrecognizedFields);
        values += 1;
      }
    }
    expect(values).toBeGreaterThan(100);
  });
});
