import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogOnServer } from '../helpers/catalog-on-server.js';
import { editManifest, writeManifests } from '../helpers/catalog-dir.js';
import { runCatalog } from '../helpers/run-cli.js';
import { proposal } from '../helpers/server.js';

const ACTOR = 'urn:li:corpuser:catalog-bot';
const FORM = 'urn:li:form:model-card';
const GROUP = 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,fraud-detector,PROD)';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,fraud-detector-1,PROD)';
const TIER = 'urn:li:structuredProperty:io.example.riskTier';

const CATALOG = `apiVersion: catalog/v1
kind: Settings
actor: ${ACTOR}
defaults: { platform: sagemaker }
---
apiVersion: catalog/v1
kind: StructuredProperty
id: io.example.riskTier
type: string
allowedValues: [{ value: "1" }, { value: "2" }, { value: "3" }]
entityTypes: [mlModel, mlModelGroup]
---
apiVersion: catalog/v1
kind: MLModelGroup
name: fraud-detector
---
apiVersion: catalog/v1
kind: MLModel
name: fraud-detector-1
groups: [fraud-detector]
---
apiVersion: catalog/v1
kind: Form
id: model-card
name: Model card
description: What every model in production says about itself.
type: VERIFICATION
prompts:
  - id: model-card-risk-tier
    title: Risk tier
    property: io.example.riskTier
    required: true
actors: { owners: true, groups: [model-risk] }
owners: [{ owner: ana }]
assignedTo: [fraud-detector, fraud-detector-1]
filter:
  types: [mlModel]
  platforms: [sagemaker]
`;

describe('the Form kind', () => {
  const catalog = catalogOnServer({ 'catalog/catalog.yaml': CATALOG });
  const { run } = catalog;

  it("writes the form as DataHub's CLI does, assigns it as FormService does, then plans nothing", async () => {
    const applied = await run('reconcile', 'catalog');
    expect(applied.code, applied.stderr + applied.stdout).toBe(0);
    expect(applied.stdout).toContain(`+ forms of fraud-detector (${GROUP})`);
    // The property before the form that asks for it, the form before the entities it is assigned to.
    expect(applied.stdout.indexOf(`(${TIER}) propertyDefinition`)).toBeLessThan(
      applied.stdout.indexOf(`(${FORM}) formInfo`),
    );
    expect(applied.stdout.indexOf(`(${FORM}) formInfo`)).toBeLessThan(
      applied.stdout.indexOf(`forms of fraud-detector (${GROUP})`),
    );
    expect(await catalog.server.aspect(FORM, 'formInfo')).toEqual({
      name: 'Model card',
      description: 'What every model in production says about itself.',
      type: 'VERIFICATION',
      prompts: [
        {
          id: 'model-card-risk-tier',
          title: 'Risk tier',
          type: 'STRUCTURED_PROPERTY',
          structuredPropertyParams: { urn: TIER },
          required: true,
        },
      ],
      actors: { owners: true, groups: ['urn:li:corpGroup:model-risk'] },
    });
    expect(await catalog.server.aspect(FORM, 'dynamicFormAssignment')).toEqual({
      filter: {
        or: [
          {
            and: [
              { field: '_entityType', values: ['mlModel'], condition: 'EQUAL', negated: false },
              {
                field: 'platform.keyword',
                values: ['urn:li:dataPlatform:sagemaker'],
                condition: 'EQUAL',
                negated: false,
              },
            ],
          },
        ],
      },
    });
    expect((await catalog.server.aspect(FORM, 'ownership')).owners).toEqual([
      expect.objectContaining({ owner: 'urn:li:corpuser:ana', type: 'TECHNICAL_OWNER' }),
    ]);
    expect(await catalog.server.aspect(GROUP, 'forms')).toEqual({
      incompleteForms: [
        {
          urn: FORM,
          incompletePrompts: [
            {
              id: 'model-card-risk-tier',
              lastModified: { time: expect.any(Number), actor: ACTOR, message: 'managed-by:catalog' },
            },
          ],
          completedPrompts: [],
        },
      ],
      completedForms: [],
      verifications: [],
    });
    const again = await run('reconcile', 'catalog', '--dry-run', '--detailed-exitcode');
    expect(again.stdout).toContain('No changes.');
    expect(again.code).toBe(0);
  });

  it('removes only its own assignments, and leaves a form someone else assigned', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    // A steward assigns another form to the model by hand.
    const other = 'urn:li:form:other';
    const edited = await catalog.server.post('/aspects?action=ingestProposalBatch', {
      proposals: [
        proposal(other, 'formInfo', {
          name: 'Other',
          type: 'COMPLETION',
          prompts: [],
          actors: { owners: true },
        }),
        proposal(MODEL, 'forms', {
          incompleteForms: [
            ...(await catalog.server.aspect(MODEL, 'forms')).incompleteForms,
            { urn: other, incompletePrompts: [], completedPrompts: [] },
          ],
          completedForms: [],
        }),
      ],
    });
    expect(edited.status).toBe(200);
    editManifest(
      catalog.dir,
      'catalog.yaml',
      'assignedTo: [fraud-detector, fraud-detector-1]',
      'assignedTo: [fraud-detector]',
    );
    const plan = await run('reconcile', 'catalog');
    expect(plan.code, plan.stderr + plan.stdout).toBe(0);
    expect(plan.stdout).toContain(`- forms of fraud-detector-1 (${MODEL})`);
    expect(
      (await catalog.server.aspect(MODEL, 'forms')).incompleteForms.map((form: { urn: string }) => form.urn),
    ).toEqual([other]);
  });

  it('exports the form back to the document that declares it', async () => {
    expect((await run('reconcile', 'catalog')).code).toBe(0);
    const exported = await run('export', '--out', 'exported', '--kind', 'Form');
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(path.join(catalog.dir, 'exported', 'forms.yaml'), 'utf8');
    expect(text).toContain('kind: Form\nid: model-card\nname: Model card\n');
    expect(text).toContain('property: io.example.riskTier\n');
    expect(text).toContain('filter:\n  types:\n    - mlModel\n  platforms:\n    - sagemaker\n');
  });

  it('refuses a prompt without an id, one naming a missing property, and a prompt id used twice, each at its line', async () => {
    writeManifests(catalog.dir, {
      'catalog/more-forms.yaml': `apiVersion: catalog/v1
kind: Form
id: second
name: Second
prompts:
  - title: No id
    property: io.example.riskTier
---
apiVersion: catalog/v1
kind: Form
id: third
name: Third
prompts:
  - id: model-card-risk-tier
    title: Taken
    property: io.example.riskTeir
`,
    });
    const validated = await runCatalog(['validate', 'catalog'], { cwd: catalog.dir });
    expect(validated.code).toBe(1);
    expect(validated.stderr).toContain(
      "catalog/more-forms.yaml:6:5 error missing required field 'id' in prompts[0]",
    );
    expect(validated.stderr).toContain(
      "hint: give the prompt an id of its own: DataHub's CLI gives a prompt without one a new random id on every run",
    );
    expect(validated.stderr).toContain(
      "catalog/more-forms.yaml:14:9 error prompt id 'model-card-risk-tier' is used twice",
    );
    expect(validated.stderr).toContain(
      "catalog/more-forms.yaml:16:15 error unknown property 'io.example.riskTeir'",
    );
    expect(validated.stderr).toContain("did you mean 'io.example.riskTier'?");
  });
});
