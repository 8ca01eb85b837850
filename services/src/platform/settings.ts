import { z } from 'zod';

/** How the platform and each area read their settings from the environment, and say what each means. */

export class ConfigError extends Error {}

/** A bad configuration: one line per variable that is wrong, the variable first. */
export const invalidConfiguration = (...lines: string[]): ConfigError =>
  new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);

/**
 * The settings `variables` reads from the environment, or a ConfigError naming every variable that is
 * wrong with zod's message: the one way the platform and each area read their settings.
 */
export function settingsFrom<Variables extends z.ZodType>(
  variables: Variables,
  env: Readonly<Record<string, string | undefined>>,
): z.output<Variables> {
  const parsed = variables.safeParse(env);
  if (parsed.success) return parsed.data;
  throw invalidConfiguration(
    ...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}

/**
 * A variable's schema with what it means, for docs/configuration.md (generated from the schemas by
 * `npm run docs:configuration`). `shownDefault` says the default in words where the schema's own default
 * does not show it: one that is computed, a path of the installation, a secret of development.
 */
export const documented = <Schema extends z.ZodType>(
  schema: Schema,
  meaning: string,
  shownDefault?: string,
): Schema => schema.meta({ description: meaning, ...(shownDefault === undefined ? {} : { shownDefault }) });

/** One variable as the configuration document lists it. */
export interface SettingDoc {
  variable: string;
  /** in Markdown: a code span, or words */
  shownDefault: string;
  meaning: string;
}

/** The variables of an object of documented settings, in their order; a variable without a meaning throws. */
export function settingDocsOf(variables: z.ZodObject): SettingDoc[] {
  return Object.entries(variables.shape).map(([variable, schema]) => {
    const meta = z.globalRegistry.get(schema as z.ZodType) as
      { description?: string; shownDefault?: string } | undefined;
    if (!meta?.description)
      throw new Error(`${variable} says nothing of what it means: wrap it in documented()`);
    const def = (schema as z.ZodType)._zod.def as { type: string; defaultValue?: unknown };
    const schemaDefault = def.type === 'default' ? `\`${String(def.defaultValue)}\`` : '–';
    return { variable, shownDefault: meta.shownDefault ?? schemaDefault, meaning: meta.description };
  });
}
