// The parse floor: what it takes just to read a catalog's manifest files and parse them, with no positions, no
// validation and nothing resolved. Reads every *.yaml / *.yml under the directory in sorted order (as the tool
// does, skipping names that start with `.` or `_`), decodes it as strict UTF-8 and parses every document in it
// with one YAML parser:
//   js-yaml  js-yaml's loadAll (the fastest conforming parser measured on npm, and the tool's own since issue 21:
//            src/manifest/parse-events.ts reads its events, positions included)
//   yaml     yaml's parseAllDocuments + toJS without a LineCounter (the tool's parser before; still its path for
//            files with errors, and its editor for adopt)
// Prints {"parser", "documents", "ms", "maxRssMb"} on stdout. Run cold, one process per measure.
// Run: node bench/parse-floor.js <js-yaml|yaml> <dir>
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TextDecoder } from 'node:util';

const [parser, dir] = process.argv.slice(2);

async function listYamlFiles(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const files = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...(await listYamlFiles(full)));
    else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) files.push(full);
  }
  return files;
}

async function parserNamed(name) {
  switch (name) {
    case 'js-yaml': {
      const { loadAll } = await import('js-yaml');
      return (text) => {
        let documents = 0;
        loadAll(text, () => (documents += 1));
        return documents;
      };
    }
    case 'yaml': {
      const { parseAllDocuments } = await import('yaml');
      return (text) => {
        const parsed = parseAllDocuments(text, { uniqueKeys: true });
        const list = Array.isArray(parsed) ? parsed : [parsed];
        for (const document of list) document.toJS({ maxAliasCount: 100 });
        return list.length;
      };
    }
    default:
      throw new Error(`unknown parser ${name}: js-yaml or yaml`);
  }
}

// The parser's module is loaded before the clock starts, as the tool's modules are (bench/measure.js).
const parse = await parserNamed(parser);
const decoder = new TextDecoder('utf-8', { fatal: true });
const start = performance.now();
let documents = 0;
for (const file of await listYamlFiles(path.resolve(dir)))
  documents += parse(decoder.decode(await readFile(file)));
const ms = performance.now() - start;
console.log(JSON.stringify({ parser, documents, ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
