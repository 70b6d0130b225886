// /templates: the catalogue, and POST /templates/deploy which creates an app in the
// selected workspace and starts its first deploy.

import type { Context, RouteTable } from '../http/context';
import { conflict, created, notFound } from '../http/reply';
import { requireReachable } from '../operations';
import { defaultAlias, serviceUrl } from '../services';
import { newId } from '../store';
import { CATEGORIES, TEMPLATES, templateView } from '../templates';
import { checkAppName, Errors, str } from '../validate';
import { authorizeTeam, serverFromBody } from './lookup';
import { assertPlanAllowsApp, nameTaken, newApp } from './apps';

function listTemplates(ctx: Context) {
  const q = ctx.query.get('q')?.trim().toLowerCase();
  const category = ctx.query.get('category')?.trim().toLowerCase();
  const templates = TEMPLATES.filter(
    (t) =>
      (!category || t.category === category) &&
      (!q || [t.slug, t.name, t.description, ...t.tags].some((s) => s.toLowerCase().includes(q))),
  );
  return { templates: templates.map(templateView), categories: CATEGORIES };
}

function deployTemplate(ctx: Context) {
  const { state } = ctx;
  const slug = str(ctx.body, 'slug');
  const name = str(ctx.body, 'app_name') || str(ctx.body, 'name');
  const errors = new Errors();
  if (!slug) errors.add("Slug can't be blank");
  checkAppName(errors, 'App name', name);
  errors.check();
  const template = TEMPLATES.find((t) => t.slug === slug);
  if (!template) throw notFound('Template not found');
  const server = serverFromBody(ctx, str(ctx.body, 'server_id'));
  // wokku answers a taken name here with 409, unlike POST /apps (422).
  if (nameTaken(state.store, server, name!)) throw conflict('App name already taken');
  authorizeTeam(ctx, ctx.workspace.id, 'update');
  assertPlanAllowsApp(ctx);
  requireReachable(state, server.id);

  const app = newApp(ctx, server, name!);
  app.config = { ...template.env };
  for (const type of template.addons) {
    const id = newId();
    state.store.addons.set(id, { id, appId: app.id, name: `${app.name}-${type}`, serviceType: type, status: 'running' });
    app.config[`${defaultAlias(type)}_URL`] = serviceUrl(type, `${app.name}-${type}`);
  }
  const deploy = state.deploys.start(app, { description: `Deploy template ${template.name}`, userId: ctx.user.id });
  app.status = 'deploying';
  return created({ app: { id: app.id, name: app.name, status: app.status }, deploy: { id: deploy.id, status: deploy.status } });
}

export function templateRoutes(r: RouteTable): void {
  r.get('/templates', listTemplates);
  r.get('/templates/:id', (ctx) => {
    const template = TEMPLATES.find((t) => t.slug === ctx.params.id);
    if (!template) throw notFound();
    return templateView(template);
  });
  r.post('/templates/deploy', deployTemplate);
}
