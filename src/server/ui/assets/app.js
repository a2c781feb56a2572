// Suggestions as you type in the search box, from the catalog's GraphQL API (autoCompleteForMultiple).
// Everything else on the pages works without script. Text from the catalog is only ever set as textContent.
(function suggestions() {
  'use strict';
  const input = document.getElementById('q');
  const list = document.getElementById('suggestions');
  if (!(input instanceof HTMLInputElement) || !(list instanceof HTMLUListElement)) return;

  const QUERY = `query Suggest($input: AutoCompleteMultipleInput!) {
    autoCompleteForMultiple(input: $input) {
      suggestions { type entities {
        urn type
        ... on Dataset { name properties { name } }
        ... on MLFeature { name featureNamespace }
        ... on MLPrimaryKey { name featureNamespace }
        ... on MLFeatureTable { name }
        ... on MLModel { name }
        ... on MLModelGroup { name }
        ... on GlossaryTerm { hierarchicalName properties { name } }
        ... on GlossaryNode { properties { name } }
        ... on Tag { properties { name } }
        ... on CorpUser { username properties { displayName } }
        ... on CorpGroup { name properties { displayName } }
        ... on DataPlatform { name properties { displayName } }
        ... on Container { properties { name } }
        ... on Domain { properties { name } }
        ... on Chart { properties { name } }
        ... on Dashboard { properties { name } }
        ... on DataFlow { properties { name } }
        ... on DataJob { properties { name } }
        ... on GenericEntity { name }
      } }
    }
  }`;
  const TYPE_NAMES = {
    DATASET: 'Dataset',
    MLFEATURE: 'ML feature',
    MLFEATURE_TABLE: 'ML feature table',
    MLPRIMARY_KEY: 'ML primary key',
    MLMODEL: 'ML model',
    MLMODEL_GROUP: 'ML model group',
    GLOSSARY_TERM: 'Glossary term',
    GLOSSARY_NODE: 'Glossary node',
    TAG: 'Tag',
    CORP_USER: 'User',
    CORP_GROUP: 'Group',
    DATA_PLATFORM: 'Platform',
  };

  let items = [];
  let active = -1;
  let pending;
  let sequence = 0;

  function nameOf(entity) {
    const properties = entity.properties || {};
    const name =
      properties.displayName ||
      properties.name ||
      entity.name ||
      entity.username ||
      entity.hierarchicalName ||
      entity.urn;
    return entity.featureNamespace ? entity.featureNamespace + '.' + name : name;
  }

  function close() {
    list.hidden = true;
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    items = [];
    active = -1;
  }

  function open(urn) {
    window.location.assign('/e/' + encodeURIComponent(urn));
  }

  function highlight(index) {
    active = index;
    items.forEach((item, position) => item.setAttribute('aria-selected', String(position === index)));
    if (index >= 0) {
      input.setAttribute('aria-activedescendant', items[index].id);
      items[index].scrollIntoView({ block: 'nearest' });
    } else {
      input.removeAttribute('aria-activedescendant');
    }
  }

  function show(groups) {
    list.replaceChildren();
    items = [];
    for (const group of groups) {
      for (const entity of group.entities) {
        const item = document.createElement('li');
        item.id = 'suggestion-' + items.length;
        item.setAttribute('role', 'option');
        item.setAttribute('aria-selected', 'false');
        item.dataset.urn = entity.urn;
        const name = document.createElement('span');
        name.className = 'suggestion-name';
        name.textContent = nameOf(entity);
        const type = document.createElement('span');
        type.className = 'suggestion-type';
        type.textContent = TYPE_NAMES[entity.type] || entity.type;
        item.append(name, type);
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          open(entity.urn);
        });
        list.append(item);
        items.push(item);
      }
    }
    if (items.length === 0) return close();
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(-1);
  }

  async function suggest(text) {
    const mine = ++sequence;
    try {
      const response = await fetch('/api/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ query: QUERY, variables: { input: { query: text, limit: 4 } } }),
      });
      if (!response.ok) return;
      const body = await response.json();
      if (mine !== sequence || input.value.trim() !== text) return;
      const groups =
        (body.data && body.data.autoCompleteForMultiple && body.data.autoCompleteForMultiple.suggestions) ||
        [];
      show(groups.slice(0, 5));
    } catch {
      // No suggestions is fine: the search button still works.
    }
  }

  input.addEventListener('input', () => {
    const text = input.value.trim();
    clearTimeout(pending);
    if (text.length < 2) {
      sequence++;
      return close();
    }
    pending = setTimeout(() => suggest(text), 120);
  });

  input.addEventListener('keydown', (event) => {
    if (list.hidden) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      highlight(Math.min(items.length - 1, active + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      highlight(Math.max(-1, active - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      open(items[active].dataset.urn);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });

  input.addEventListener('blur', () => setTimeout(close, 100));
})();
