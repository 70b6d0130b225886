// Connection URLs and default link aliases of the database service types, as the
// platform's service plugins set them on linked apps (e.g. DATABASE_URL).

import { sha256 } from './store';
import type { DatabaseType } from './types';

const SERVICE: Record<DatabaseType, { scheme: string; port: number; alias: string }> = {
  postgres: { scheme: 'postgres', port: 5432, alias: 'DATABASE' },
  mysql: { scheme: 'mysql', port: 3306, alias: 'DATABASE' },
  redis: { scheme: 'redis', port: 6379, alias: 'REDIS' },
  mongodb: { scheme: 'mongodb', port: 27017, alias: 'MONGO' },
  memcached: { scheme: 'memcached', port: 11211, alias: 'MEMCACHED' },
  rabbitmq: { scheme: 'amqp', port: 5672, alias: 'RABBITMQ' },
  elasticsearch: { scheme: 'http', port: 9200, alias: 'ELASTICSEARCH' },
  meilisearch: { scheme: 'http', port: 7700, alias: 'MEILISEARCH' },
  clickhouse: { scheme: 'clickhouse', port: 9000, alias: 'CLICKHOUSE' },
  nats: { scheme: 'nats', port: 4222, alias: 'NATS' },
};

export const defaultAlias = (type: DatabaseType): string => SERVICE[type].alias;

/** A stable, secret-looking connection URL for a service instance. */
export function serviceUrl(type: DatabaseType, name: string): string {
  const { scheme, port } = SERVICE[type];
  const password = sha256(`${type}/${name}`).slice(0, 24);
  const host = `dokku-${type}-${name}`;
  const db = name.replace(/-/g, '_');
  return `${scheme}://${type}:${password}@${host}:${port}/${db}`;
}
