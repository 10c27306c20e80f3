/**
 * The `:name` parameters of a path template, read from its type: `'/a/:x/b/:y'` gives `'x' | 'y'`. A path of
 * `apiPaths` is a literal type (`as const`), so a parameter left out or misspelt is a compile error.
 */
export type PathParamName<Template extends string> = Template extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : Template extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value for each parameter of the template (numbers are store ids). */
export type PathParams<Template extends string> = { readonly [Name in PathParamName<Template>]: string | number };

/**
 * The one way to fill an API or public page path: each `:name` of the template becomes its value, encoded as one
 * path segment (a `/` or `?` in a value stays inside it). `fillPath(apiPaths.tireQuote, { tireQuoteId })`. The
 * template must be a literal (a path of the contract): of a plain string its parameters cannot be known.
 */
export function fillPath<Template extends string>(template: Template, params: string extends Template ? never : PathParams<Template>): string {
  const values = params as Readonly<Record<string, string | number | undefined>>;
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    // Reached only past the type (a value typed any): a path with "undefined" in it would reach another row.
    if (value === undefined) throw new Error(`The path ${template} needs a value for :${name}.`);
    return encodeURIComponent(String(value));
  });
}
