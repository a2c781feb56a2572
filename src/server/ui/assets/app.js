// Suggestions as you type in the search box (the server's /ui/suggest, which asks GraphQL's autoCompleteForMultiple),
// and a lineage picture wider than the screen opened at its focus. Everything else on the pages works without script. Text from the catalog is only ever set as textContent.
(function suggestions() {
  'use strict';
  const input = document.getElementById('q');
  const list = document.getElementById('suggestions');
  if (!(input instanceof HTMLInputElement) || !(list instanceof HTMLUListElement)) return;

  let items = [];
  let active = -1;
  let pending;
  let sequence = 0;

  function close() {
    list.hidden = true;
    list.replaceChildren();
    delete list.dataset.query;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    items = [];
    active = -1;
  }

  function open(href) {
    // Only this server's entity pages: the server builds the paths, and nothing else is followed.
    if (typeof href === 'string' && href.startsWith('/e/')) window.location.assign(href);
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

  function show(text, suggestions) {
    list.replaceChildren();
    // What the list answers: a reader (a person's screen reader, or a test) can tell it from an earlier answer.
    list.dataset.query = text;
    items = [];
    for (const suggestion of suggestions) {
      const item = document.createElement('li');
      item.id = 'suggestion-' + items.length;
      item.setAttribute('role', 'option');
      item.setAttribute('aria-selected', 'false');
      item.dataset.href = suggestion.href;
      const name = document.createElement('span');
      name.className = 'suggestion-name';
      name.textContent = suggestion.name;
      const type = document.createElement('span');
      type.className = 'suggestion-type';
      type.textContent = suggestion.type;
      item.append(name, type);
      item.addEventListener('mousedown', (event) => {
        event.preventDefault();
        open(suggestion.href);
      });
      list.append(item);
      items.push(item);
    }
    if (items.length === 0) return close();
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(-1);
  }

  async function suggest(text) {
    const mine = ++sequence;
    try {
      const response = await fetch('/ui/suggest?q=' + encodeURIComponent(text), {
        credentials: 'same-origin',
      });
      if (!response.ok) return;
      const suggestions = await response.json();
      if (mine !== sequence || input.value.trim() !== text || !Array.isArray(suggestions)) return;
      show(text, suggestions);
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
      open(items[active].dataset.href);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });

  input.addEventListener('blur', () => setTimeout(close, 100));
})();

// The lineage picture fits its frame at any width: where the left-to-right picture is wider than the frame, the
// page shows the one-column picture instead (the stylesheet does the same by screen width where scripts do not run).
(function lineageFit() {
  'use strict';
  const frame = document.querySelector('.lineage-scroll');
  const wide = frame === null ? null : frame.querySelector('svg.lineage-graph');
  if (frame === null || wide === null) return;
  const fit = () => {
    const tooWide = Number(wide.getAttribute('width')) > frame.clientWidth;
    document.documentElement.classList.toggle('lineage-narrow', tooWide);
  };
  fit();
  window.addEventListener('resize', fit);
})();

// A lineage picture wider than its frame (without the script above) opens scrolled to the entity it is about, not
// to its far left.
(function lineageFocus() {
  'use strict';
  const frame = document.querySelector('.lineage-scroll');
  const focus = frame === null ? null : frame.querySelector('a.node.focus rect');
  if (frame === null || focus === null || frame.scrollWidth <= frame.clientWidth) return;
  const centre = Number(focus.getAttribute('x')) + Number(focus.getAttribute('width')) / 2;
  frame.scrollLeft = Math.max(0, centre - frame.clientWidth / 2);
})();
