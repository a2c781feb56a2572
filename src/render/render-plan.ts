import { escapeControlDeep, escapeJsonControls } from '../model/escape-control.js';
import { serializePlan } from '../plan/plan-json.js';
import type { Plan } from '../plan/types.js';
import { renderPlanMarkdown } from './render-plan-markdown.js';
import { renderPlanText } from './render-plan-text.js';
import type { Style } from './style.js';

export type PlanFormat = 'text' | 'json' | 'markdown';

/**
 * A plan as `catalog reconcile --output <format>` prints it: names and values from manifests and from the catalog
 * are shown with their control characters escaped. `style` colours the text format (createStyle(false): none).
 */
export function renderPlan(plan: Plan, format: PlanFormat, style: Style): string {
  switch (format) {
    case 'json':
      return escapeJsonControls(serializePlan(plan));
    case 'markdown':
      return `${renderPlanMarkdown(escapeControlDeep(plan))}\n`;
    case 'text':
      return renderPlanText(plan, style);
  }
}
