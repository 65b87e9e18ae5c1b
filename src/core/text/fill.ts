/**
 * Fills `{name}` placeholders in a template from `values`; a placeholder without a value stays
 * as it is. `show` turns a value into text (by default `String`).
 */
export function fill(
  template: string,
  values: Readonly<Record<string, string | number>>,
  show: (name: string, value: string | number) => string = (_, value) => String(value),
): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? whole : show(name, value);
  });
}
