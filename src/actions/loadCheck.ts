// After a restore or an import: what the service confirmed (wokku never reads the exit
// status of `dokku <type>:import`: "Imported" says only that it took the data), and the
// next step that checks: a query of the database, run with Run Command… in an app linked
// to it, through the address the link set (`<ALIAS>_URL`).
import * as vscode from 'vscode';

/** What the notice after a restore or an import says. */
export interface LoadOutcome {
  /** The service answered (it took the data); false: its answer never came. */
  answered: boolean;
  text: string;
}

/** The link aliases Dokku's service plugins give by default. */
const DEFAULT_ALIASES: Record<string, string> = { postgres: 'DATABASE', mysql: 'DATABASE', mariadb: 'DATABASE', redis: 'REDIS', mongodb: 'MONGO' };

/**
 * A command line that shows what the database holds, run in a linked app's container (it
 * needs the database's client in the app's image: the box shows it before it runs).
 */
export function checkLine(serviceType: string, alias?: string): string | undefined {
  const url = `"$${alias ?? DEFAULT_ALIASES[serviceType] ?? 'DATABASE'}_URL"`;
  switch (serviceType) {
    case 'postgres':
      return `psql ${url} -c '\\dt+'`;
    case 'mysql':
    case 'mariadb':
      return `mysqlsh ${url} --sql -e 'SHOW TABLE STATUS'`;
    case 'redis':
      return `redis-cli -u ${url} INFO keyspace`;
    case 'mongodb':
      return `mongosh ${url} --quiet --eval 'db.getCollectionNames().map(c => [c, db[c].countDocuments()])'`;
    default:
      return undefined;
  }
}

/** How to check after an answer that never came: the data itself. */
export function checkAdvice(database: string): string {
  return vscode.l10n.t('Look at the data of {0} itself (Check with Run Command… runs a query in an app linked to it) before trying again.', database);
}
