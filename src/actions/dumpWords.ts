// The dump sniffer's verdicts (src/dumps/dumpFormat.ts) in words: why a file is refused
// before anything is sent, what to make instead, and the question for a file AppHost does
// not recognise. The service would answer "Imported" for any of them (it never reads the
// import's exit status), so this is the only place the user learns it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DumpFormat, DumpVerdict } from '../dumps/dumpFormat';

function formatName(format: DumpFormat): string {
  switch (format) {
    case 'pgCustom': return vscode.l10n.t('a Postgres dump in pg_dump\'s custom format');
    case 'pgTar': return vscode.l10n.t('a Postgres dump in pg_dump\'s tar format');
    case 'postgresSql': return vscode.l10n.t('a plain SQL dump of Postgres');
    case 'mysqlSql': return vscode.l10n.t('a MySQL or MariaDB dump');
    case 'sql': return vscode.l10n.t('a plain SQL file');
    case 'redisRdb': return vscode.l10n.t('a Redis RDB file');
    case 'mongoArchive': return vscode.l10n.t('a MongoDB archive');
    case 'text': return vscode.l10n.t('a text file');
    case 'unknown': return vscode.l10n.t('a file of a format AppHost does not know');
  }
}

/** What `dokku <type>:import` loads, in words. */
export function takesWords(serviceType: string): string {
  switch (serviceType) {
    case 'postgres': return vscode.l10n.t('pg_dump\'s custom format (`pg_dump -Fc`)');
    case 'mysql':
    case 'mariadb': return vscode.l10n.t('SQL, as mysqldump writes it');
    case 'redis': return vscode.l10n.t('an RDB file (dump.rdb)');
    case 'mongodb': return vscode.l10n.t('an archive of `mongodump --archive --gzip`');
    default: return vscode.l10n.t('a dump of its own kind');
  }
}

/** `dokku postgres:import` (the mongo plugin's command is `mongo:import`). */
const importCommand = (serviceType: string) => `dokku ${serviceType === 'mongodb' ? 'mongo' : serviceType}:import`;

/** Why a dump is refused: what it is, what the import takes, how to make the right one. Nothing was sent. */
export function refusalText(file: string, database: string, serviceType: string, verdict: DumpVerdict): string {
  const name = path.basename(file);
  if (verdict.gzip && verdict.format === 'unknown') {
    return vscode.l10n.t('{0} starts like a gzip file but cannot be decompressed: it is damaged, or not gzip. Nothing was sent to {1}.', name, database);
  }
  const what = formatName(verdict.format) + (verdict.gzip ? vscode.l10n.t(' (gzip-compressed)') : '');
  const head = vscode.l10n.t('{0} is {1}, and `{2}` loads only {3} into {4}: the service would answer "Imported" and load nothing. Nothing was sent.', name, what, importCommand(serviceType), takesWords(serviceType), database);
  if (serviceType !== 'postgres' || !['postgresSql', 'sql', 'text'].includes(verdict.format)) return head;
  const dump = `${path.basename(name, path.extname(name))}.dump`;
  return `${head} ${vscode.l10n.t('Make the right one from the source database with `{0}`, then import {1}.', `pg_dump -Fc --no-acl --no-owner -f ${dump} <database URL>`, dump)}`;
}

/** The question before sending a file AppHost does not recognise. */
export function askText(file: string, database: string, serviceType: string): string {
  return vscode.l10n.t('AppHost does not recognise {0} as {1}, which `{2}` loads into {3}. The service does not check: if the import loads nothing, it still answers "Imported". Send it anyway?', path.basename(file), takesWords(serviceType), importCommand(serviceType), database);
}
