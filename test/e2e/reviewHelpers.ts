import { textOf } from './helpers';

/**
 * The texts inside a dialog's warning elements: Banner of severity warning or danger,
 * Text of color warning or error, Row of variant warning or critical. Only the danger
 * ones (danger, error, critical) with `dangerOnly`.
 *
 * @param ui - The dialog.
 * @param ui.content - Its content.
 * @param dangerOnly - Whether to keep danger elements only.
 * @returns One joined text per element.
 */
export function warningsOf(
  ui: { content: unknown },
  dangerOnly = false,
): string[] {
  const banners = dangerOnly ? ['danger'] : ['warning', 'danger'];
  const colors = dangerOnly ? ['error'] : ['warning', 'error'];
  const variants = dangerOnly ? ['critical'] : ['warning', 'critical'];
  const found: string[] = [];
  const walk = (element: unknown): void => {
    if (Array.isArray(element)) {
      element.forEach(walk);
      return;
    }
    if (!element || typeof element !== 'object' || !('props' in element)) {
      return;
    }
    const { type, props } = element as {
      type: string;
      props: Record<string, unknown>;
    };
    const hit =
      (type === 'Banner' && banners.includes(String(props.severity))) ||
      (type === 'Text' && colors.includes(String(props.color))) ||
      (type === 'Row' && variants.includes(String(props.variant)));
    if (hit) {
      found.push(textOf({ content: element }));
    }
    Object.values(props).forEach(walk);
  };
  walk(ui.content);
  return found;
}
