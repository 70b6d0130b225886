// Activity rows read as sentences whatever the service sends: its fragments completed
// by the target, unknown and misspelled actions humanised, escapes removed.
import assert from 'node:assert/strict';
import { activitySentence } from '../../../src/activity/activitySentence';

describe('activity: sentences', () => {
  const cases: [string, { action: string; description?: string; targetName?: string }, string][] = [
    ['a fragment completed by the target', { action: 'config.updated', description: 'updated config for', targetName: 'shop-api' }, 'updated config for shop-api'],
    ['a deploy', { action: 'app.deployed', description: 'deployed', targetName: 'shop-api' }, 'deployed shop-api'],
    ['a full sentence kept as it is', { action: 'deploy.succeeded', description: 'Deploy 1a2b3c4 of shop-api succeeded', targetName: 'shop-api' }, 'Deploy 1a2b3c4 of shop-api succeeded'],
    ['the API\'s misspelling', { action: 'app.stoped', description: 'app.stoped', targetName: 'shop-api' }, 'stopped shop-api'],
    ['an escaped action', { action: 'app\\.deployed', description: 'app\\.deployed', targetName: 'blog' }, 'deployed blog'],
    ['an escaped fragment', { action: 'app.restarted', description: 'restarted\\ ', targetName: 'blog' }, 'restarted blog'],
    ['a known phrase', { action: 'domain.ssl_enabled', description: 'domain.ssl_enabled', targetName: 'shop.example.com' }, 'enabled SSL on shop.example.com'],
    ['another resource', { action: 'database.destroyed', targetName: 'orders-db' }, 'deleted database orders-db'],
    ['an unknown action', { action: 'app.https_enabled', description: 'app.https_enabled', targetName: 'shop-api' }, 'App shop-api: https enabled'],
    ['an unknown action without a target', { action: 'billing.invoice_paid', description: 'billing.invoice_paid' }, 'Billing: invoice paid'],
  ];
  for (const [what, activity, expected] of cases) {
    it(what, () => assert.equal(activitySentence(activity), expected));
  }
  it('never shows a backslash', () => {
    for (const [, activity] of cases) assert.doesNotMatch(activitySentence(activity), /\\/);
  });
});
