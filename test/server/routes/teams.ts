// /teams and their members. By default like wokku: every team of the caller (their
// first, personal one first), without slugs; a team is named by its id, one the caller
// is not in is a 403. Header mode: teams are workspaces selected by their slug, shown
// with it; others are 404. Only team admins add or remove members; the owner stays.

import type { Context, RouteTable } from '../http/context';
import { created, forbidden, invalid, message, notFound, platformError } from '../http/reply';
import { addTeam } from '../seed';
import { newId, nowIso } from '../store';
import { MEMBER_ROLES, type MemberRole, type Workspace } from '../types';
import { Errors, slugify, str } from '../validate';
import { memberView, teamView } from '../views';
import { headerMode } from './lookup';

/** wokku: `Team.find(params[:team_id])`, then "is the caller in it?" (403). Header mode: the caller's teams by id or slug, else 404. */
function teamParam(ctx: Context): Workspace {
  const ref = ctx.params.id;
  const { store } = ctx.state;
  if (headerMode(ctx)) {
    const team = store.teamsOf(ctx.user.id).find((t) => t.id === ref || t.slug === ref);
    if (!team) throw notFound();
    return team;
  }
  const team = store.workspaces.get(ref);
  if (!team) throw notFound();
  if (!store.membership(team.id, ctx.user.id)) throw forbidden();
  return team;
}

function requireTeamAdmin(ctx: Context, team: Workspace): void {
  if (ctx.state.store.membership(team.id, ctx.user.id)?.role !== 'admin') throw forbidden();
}

function createTeam(ctx: Context) {
  const name = str(ctx.body, 'name');
  const errors = new Errors();
  const { store } = ctx.state;
  if (!name) errors.add("Name can't be blank");
  else if (name.length > 60) errors.add('Name is too long (maximum is 60 characters)');
  else if ([...store.workspaces.values()].some((w) => w.name === name)) errors.add('Name has already been taken');
  errors.check();
  const base = slugify(name!);
  let slug = base;
  for (let i = 2; store.workspaceBySlug(slug); i++) slug = `${base}-${i}`;
  const team = addTeam(store, name!, slug, ctx.user, nowIso());
  return created(teamView(team, headerMode(ctx)));
}

function listMembers(ctx: Context) {
  const team = teamParam(ctx);
  const { store } = ctx.state;
  return store.membersOf(team.id).flatMap((m) => {
    const user = store.users.get(m.userId);
    return user ? [memberView(m, user)] : [];
  });
}

function addMember(ctx: Context) {
  const team = teamParam(ctx);
  requireTeamAdmin(ctx, team);
  const email = str(ctx.body, 'email');
  const role = (str(ctx.body, 'role') || 'member') as MemberRole;
  const errors = new Errors();
  if (!email) errors.add("Email can't be blank");
  if (!MEMBER_ROLES.includes(role)) errors.add(`Role must be one of ${MEMBER_ROLES.join(', ')}`);
  errors.check();
  const { store } = ctx.state;
  const user = store.userByEmail(email!);
  if (!user) throw notFound('User not found');
  if (store.membership(team.id, user.id)) throw invalid('User has already been taken');
  const membership = { id: newId(), workspaceId: team.id, userId: user.id, role, createdAt: nowIso() };
  store.memberships.set(membership.id, membership);
  return created(memberView(membership, user));
}

function removeMember(ctx: Context) {
  const team = teamParam(ctx);
  const { store } = ctx.state;
  const membership = store.memberships.get(ctx.params.mid);
  if (!membership || membership.workspaceId !== team.id) throw notFound();
  // Members may leave on their own; removing others needs the admin role.
  if (membership.userId !== ctx.user.id) requireTeamAdmin(ctx, team);
  if (membership.userId === team.ownerId) throw platformError('The team owner cannot be removed');
  store.memberships.delete(membership.id);
  return message('Member removed');
}

export function teamRoutes(r: RouteTable): void {
  r.get('/teams', (ctx) => {
    const { store } = ctx.state;
    const teams = headerMode(ctx) ? store.teamsOf(ctx.user.id) : store.workspacesOf(ctx.user.id);
    return teams.map((t) => teamView(t, headerMode(ctx)));
  });
  r.post('/teams', createTeam);
  r.get('/teams/:id/members', listMembers);
  r.post('/teams/:id/members', addMember);
  r.del('/teams/:id/members/:mid', removeMember);
}
