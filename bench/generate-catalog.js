// A catalog of N entities shaped like the 10,000 (scaled): 20% glossary terms, 48% features in tables
// of 60, 0.8% tables, 0.8% model groups, 24% models (each in a group, using 3 features), 6.4% datasets with
// dataset and column terms. Writes the manifests to `dir` and returns the datasets' metadata file, which the
// catalog must hold before term attachments can be planned.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function generateCatalog(dir, size) {
  const tables = Math.max(1, Math.round(size * 0.008));
  const groups = tables;
  const terms = Math.round(size * 0.2);
  const datasets = Math.round(size * 0.064);
  const featuresPerTable = 60;
  const models = size - terms - tables * featuresPerTable - tables - groups - datasets;
  mkdirSync(path.join(dir, 'catalog'), { recursive: true });
  const files = new Map();
  const add = (file, doc) => files.set(file, [...(files.get(file) ?? []), doc]);
  add(
    'catalog.yaml',
    'apiVersion: catalog/v1\nkind: Settings\nactor: urn:li:corpuser:bench\ndefaults: { platform: feast, env: PROD }',
  );
  for (let t = 0; t < terms; t += 1) {
    add(
      `glossary/g${t % 20}.yaml`,
      `apiVersion: catalog/v1\nkind: GlossaryTerm\nid: G${t % 20}.term${t}\nname: Term ${t}\ndefinition: What term ${t} means.`,
    );
  }
  for (let t = 0; t < tables; t += 1) {
    const features = Array.from(
      { length: featuresPerTable },
      (_, f) => `  - { name: f${f}, dataType: CONTINUOUS, description: "feature ${f} of table ${t}" }`,
    );
    add(
      `features/table${t}.yaml`,
      `apiVersion: catalog/v1\nkind: MLFeatureTable\nname: table_${t}\ndescription: Table ${t}.\nfeatures:\n${features.join('\n')}`,
    );
  }
  for (let g = 0; g < groups; g += 1) {
    add(
      `models/group${g}.yaml`,
      `apiVersion: catalog/v1\nkind: MLModelGroup\nname: group_${g}\nplatform: mlflow\ndescription: Group ${g}.`,
    );
  }
  for (let m = 0; m < models; m += 1) {
    const g = m % groups;
    const t = m % tables;
    add(
      `models/group${g}.yaml`,
      `apiVersion: catalog/v1\nkind: MLModel\nname: model_${m}\nplatform: mlflow\ndescription: Model ${m}.\nversion: '1'\ngroups: [group_${g}]\nfeatures: [table_${t}.f${m % 60}, table_${t}.f${(m + 1) % 60}, table_${t}.f${(m + 2) % 60}]`,
    );
  }
  const records = [];
  for (let d = 0; d < datasets; d += 1) {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,db.table_${d},PROD)`;
    records.push({
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'schemaMetadata',
      aspect: {
        json: {
          schemaName: `table_${d}`,
          platform: 'urn:li:dataPlatform:hive',
          version: 0,
          hash: '',
          platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
          fields: ['id', 'email', 'amount'].map((fieldPath) => ({
            fieldPath,
            nullable: false,
            type: { type: { 'com.linkedin.schema.StringType': {} } },
            nativeDataType: 'string',
            recursive: false,
          })),
        },
      },
    });
    const term = (k) => `G${k % 20}.term${k}`;
    add(
      `datasets/d${d % 50}.yaml`,
      `apiVersion: catalog/v1\nkind: DatasetTerms\ndataset: ${urn}\nterms: [${term(d)}]\ncolumns:\n  email: [${term(d + 1)}]\n  amount: [${term(d + 2)}]`,
    );
  }
  for (const [file, docs] of files) {
    mkdirSync(path.dirname(path.join(dir, 'catalog', file)), { recursive: true });
    writeFileSync(path.join(dir, 'catalog', file), docs.join('\n---\n') + '\n');
  }
  const metadataFile = path.join(dir, 'datasets.json');
  writeFileSync(metadataFile, JSON.stringify(records));
  return {
    metadataFile,
    counts: { terms, tables, features: tables * featuresPerTable, groups, models, datasets },
  };
}
