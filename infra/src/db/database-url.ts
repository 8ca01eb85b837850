/** Helpers around PostgreSQL connection strings. */
export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/alpenpass';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}
