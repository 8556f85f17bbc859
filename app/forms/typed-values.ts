/**
 * What the person typed into a form, to put back in its fields when the server refuses it (the
 * page is rendered anew without JavaScript): the text fields only, `names` when given, each cut to
 * a length no field of the shop allows.
 */
export function typedValues(form: FormData, names?: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || (names && !names.includes(key))) continue;
    values[key] = value.slice(0, 2000);
  }
  return values;
}
