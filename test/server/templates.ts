// The template catalogue (one-click apps), in several categories.

import type { DatabaseType } from './types';

export interface Template {
  slug: string;
  name: string;
  description: string;
  category: string;
  repository: string;
  tags: string[];
  /** Services created and linked when the template is deployed. */
  addons: DatabaseType[];
  /** Config vars set on the new app. */
  env: Record<string, string>;
}

export const TEMPLATES: Template[] = [
  {
    slug: 'node-express', name: 'Node.js + Express', category: 'web', tags: ['node', 'javascript', 'api'],
    description: 'A minimal Express API with a health check, ready for git push deploys.',
    repository: 'https://github.com/apphost-templates/node-express', addons: [], env: { NODE_ENV: 'production' },
  },
  {
    slug: 'django', name: 'Django', category: 'web', tags: ['python'],
    description: 'Django 5 with gunicorn, WhiteNoise static files and a Postgres database.',
    repository: 'https://github.com/apphost-templates/django', addons: ['postgres'], env: { DJANGO_SETTINGS_MODULE: 'app.settings.production' },
  },
  {
    slug: 'rails', name: 'Ruby on Rails', category: 'web', tags: ['ruby'],
    description: 'Rails 8 with Puma, Solid Queue and Postgres.',
    repository: 'https://github.com/apphost-templates/rails', addons: ['postgres', 'redis'], env: { RAILS_ENV: 'production', RAILS_LOG_TO_STDOUT: '1' },
  },
  {
    slug: 'nextjs', name: 'Next.js', category: 'web', tags: ['react', 'node'],
    description: 'A Next.js app served by the built-in Node server.',
    repository: 'https://github.com/apphost-templates/nextjs', addons: [], env: { NEXT_TELEMETRY_DISABLED: '1' },
  },
  {
    slug: 'hugo', name: 'Hugo static site', category: 'static', tags: ['static', 'blog'],
    description: 'A Hugo site built on deploy and served by nginx.',
    repository: 'https://github.com/apphost-templates/hugo', addons: [], env: {},
  },
  {
    slug: 'ghost', name: 'Ghost', category: 'cms', tags: ['blog', 'node'],
    description: 'The Ghost publishing platform with MySQL.',
    repository: 'https://github.com/apphost-templates/ghost', addons: ['mysql'], env: { url: 'https://blog.example.com' },
  },
  {
    slug: 'wordpress', name: 'WordPress', category: 'cms', tags: ['php', 'blog'],
    description: 'WordPress on PHP-FPM with MySQL and persistent uploads.',
    repository: 'https://github.com/apphost-templates/wordpress', addons: ['mysql'], env: { WP_ENV: 'production' },
  },
  {
    slug: 'n8n', name: 'n8n', category: 'tools', tags: ['automation', 'workflows'],
    description: 'Workflow automation with a Postgres backend.',
    repository: 'https://github.com/apphost-templates/n8n', addons: ['postgres'], env: { N8N_PORT: '5678', GENERIC_TIMEZONE: 'UTC' },
  },
  {
    slug: 'uptime-kuma', name: 'Uptime Kuma', category: 'tools', tags: ['monitoring'],
    description: 'A self-hosted status page and uptime monitor.',
    repository: 'https://github.com/apphost-templates/uptime-kuma', addons: [], env: {},
  },
  {
    slug: 'plausible', name: 'Plausible Analytics', category: 'analytics', tags: ['analytics', 'privacy'],
    description: 'Privacy-friendly web analytics with Postgres and ClickHouse.',
    repository: 'https://github.com/apphost-templates/plausible', addons: ['postgres', 'clickhouse'], env: { DISABLE_REGISTRATION: 'invite_only' },
  },
  {
    slug: 'meilisearch-api', name: 'Search API (Meilisearch)', category: 'analytics', tags: ['search'],
    description: 'A small search API in front of a Meilisearch instance.',
    repository: 'https://github.com/apphost-templates/meilisearch-api', addons: ['meilisearch'], env: {},
  },
];

export const CATEGORIES = [...new Set(TEMPLATES.map((t) => t.category))].sort();

export const templateView = (t: Template) => ({
  slug: t.slug,
  name: t.name,
  description: t.description,
  category: t.category,
  repository: t.repository,
  tags: [...t.tags],
  addons: [...t.addons],
  env: { ...t.env },
});
