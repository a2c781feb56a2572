#!/usr/bin/env node
/**
 * Generates src/datahub/generated/privileges.ts from DataHub's PoliciesConfig.java at a release tag: the
 * platform privileges and the resource privileges per resource type, in DataHub's order, as its AppConfigResolver
 * lists them in appConfig.policiesConfig and as an admin is granted them.
 *
 *   node scripts/extract-datahub-privileges.mjs [tag] [git-dir]
 *
 * The Java source is read as text: `Privilege.of("TYPE", "Display", "Description")` constants, lists of them, and
 * `ResourcePrivileges.of("type", "Display", "Description", <privileges and lists>)`. Any constant the script cannot
 * resolve stops it, so a change of form in a later release is noticed, not silently dropped.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { DEFAULT_DATAHUB_MIRROR } from './datahub-mirror.mjs';

const tag = process.argv[2] ?? 'v1.7.0';
const gitDir = process.argv[3] ?? DEFAULT_DATAHUB_MIRROR;
const FILE = 'metadata-utils/src/main/java/com/linkedin/metadata/authorization/PoliciesConfig.java';
const OUT = 'src/datahub/generated/privileges.ts';

const git = (...args) => execFileSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8' });
const commit = git('rev-list', '-n', '1', tag).trim();
const source = git('show', `${tag}:${FILE}`).replace(/\/\/[^\n]*/g, '');

/** Java string literals, concatenations joined. */
const strings = (text) =>
  [...text.matchAll(/"((?:[^"\\]|\\.)*)"(?:\s*\+\s*"((?:[^"\\]|\\.)*)")*/g)].map((match) =>
    [...match[0].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((part) => JSON.parse(`"${part[1]}"`)).join(''),
  );

/** The text of a balanced parenthesised argument list starting at `open` (the index of `(`). */
function argumentsAt(open) {
  let depth = 0;
  for (let index = open; index < source.length; index++) {
    const char = source[index];
    if (char === '"') {
      index = source.indexOf('"', index + 1);
      while (source[index - 1] === '\\') index = source.indexOf('"', index + 1);
    } else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return source.slice(open + 1, index);
  }
  throw new Error(`unbalanced parentheses at ${open}`);
}

const privileges = new Map();
for (const match of source.matchAll(/(\w+)\s*=\s*Privilege\.of\(/g)) {
  const [type, displayName, description] = strings(argumentsAt(match.index + match[0].length - 1));
  privileges.set(match[1], { type, displayName, description });
}

const lists = new Map();
const identifiers = (text) =>
  [...text.replace(/"(?:[^"\\]|\\.)*"/g, '').matchAll(/\b[A-Z][A-Z0-9_]+\b/g)].map((m) => m[0]);
for (const match of source.matchAll(/List<Privilege>\s+(\w+)\s*=\s*/g)) {
  const open = source.indexOf('(', match.index + match[0].length);
  lists.set(match[1], identifiers(argumentsAt(open)));
}
const expand = (name, seen = new Set()) => {
  if (privileges.has(name)) return [privileges.get(name)];
  const list = lists.get(name);
  if (list === undefined || seen.has(name)) throw new Error(`cannot resolve ${name}`);
  return list.flatMap((item) => expand(item, new Set([...seen, name])));
};
const distinct = (items) => [...new Map(items.map((item) => [item.type, item])).values()];

const resources = new Map();
for (const match of source.matchAll(/ResourcePrivileges\s+(\w+)\s*=\s*ResourcePrivileges\.of\(/g)) {
  const args = argumentsAt(match.index + match[0].length - 1);
  const [resourceType, resourceTypeDisplayName] = strings(args);
  const afterStrings = args.replace(/^(\s*"(?:[^"\\]|\\.)*"\s*(?:\+\s*"(?:[^"\\]|\\.)*"\s*)*,){3}/, '');
  const names = identifiers(afterStrings).filter((name) => privileges.has(name) || lists.has(name));
  resources.set(match[1], { resourceType, resourceTypeDisplayName, privileges: distinct(names.flatMap((n) => expand(n))) }); // prettier-ignore
}

const platform = lists.get('PLATFORM_PRIVILEGES').flatMap((name) => expand(name));
const entityResources = identifiers(
  argumentsAt(source.indexOf('(', source.indexOf('ENTITY_RESOURCE_PRIVILEGES ='))),
).map((name) => {
  const resource = resources.get(name);
  if (resource === undefined) throw new Error(`cannot resolve ${name}`);
  return resource;
});
const all = resources.get('ALL_RESOURCE_PRIVILEGES') ?? {
  resourceType: 'all',
  resourceTypeDisplayName: 'All Types',
};
const resourcePrivileges = [
  ...entityResources,
  { ...all, privileges: distinct(entityResources.flatMap((resource) => resource.privileges)) },
];

// Each privilege once, by type; the lists name types. A type seen with two different texts stops the run: the
// lists could not then refer to it by type alone.
const byType = new Map();
for (const privilege of [...platform, ...resourcePrivileges.flatMap((resource) => resource.privileges)]) {
  const known = byType.get(privilege.type);
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(privilege))
    throw new Error(`privilege ${privilege.type} has two different definitions`);
  byType.set(privilege.type, privilege);
}
const definitions = Object.fromEntries(
  [...byType.values()].map(({ type, displayName, description }) => [type, { displayName, description }]),
);
const resourceLists = resourcePrivileges.map(
  ({ resourceType, resourceTypeDisplayName, privileges: items }) => ({
    resourceType,
    resourceTypeDisplayName,
    privileges: items.map((item) => item.type),
  }),
);

const json = (value) => JSON.stringify(value, null, 2);
writeFileSync(
  OUT,
  `// Generated by scripts/extract-datahub-privileges.mjs from DataHub ${tag} (${commit}),
// ${FILE}. Do not edit; run the script again for another release. DataHub is Apache-2.0 licensed.

export interface DataHubPrivilege {
  readonly type: string;
  readonly displayName: string;
  readonly description: string;
}

export interface DataHubResourcePrivileges {
  readonly resourceType: string;
  readonly resourceTypeDisplayName: string;
  readonly privileges: readonly DataHubPrivilege[];
}

/** Every privilege PoliciesConfig defines that the lists below use, by type. */
const DEFINITIONS: Readonly<Record<string, Omit<DataHubPrivilege, 'type'>>> = ${json(definitions)};

const privilege = (type: string): DataHubPrivilege => ({ type, ...(DEFINITIONS[type] as Omit<DataHubPrivilege, 'type'>) });

/** PoliciesConfig.PLATFORM_PRIVILEGES. */
export const PLATFORM_PRIVILEGES: readonly DataHubPrivilege[] = ${json(platform.map((item) => item.type))}.map(privilege);

/** PoliciesConfig.RESOURCE_PRIVILEGES: each entity resource type, then "all" (every one of them). */
export const RESOURCE_PRIVILEGES: readonly DataHubResourcePrivileges[] = ${json(resourceLists)}.map((resource) => ({
  ...resource,
  privileges: resource.privileges.map(privilege),
}));
`,
);
console.log(`${OUT}: ${platform.length} platform privileges, ${resourcePrivileges.length} resource types`);
