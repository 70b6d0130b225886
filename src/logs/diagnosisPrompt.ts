// What AppHost sends a language model of VS Code when the service cannot diagnose a failed
// deploy itself (no AI key): the same request as wokku's AiDebugger makes of its model
// (the app, the status, the commit, the log's last 3,000 characters, "2-3 sentences, then
// 1-3 fixes, in Markdown"), with the app's config values and credential shapes masked.
import { scrubForModel } from '../configText/secrets';

/** As much of the log as wokku sends its model (`@deploy.log.to_s.last(3000)`). */
export const LOG_EXCERPT_CHARS = 3_000;

/**
 * The end of the log a model may read: masked first (a secret cut in two at the start of
 * the excerpt would escape the mask), then its last 3,000 characters.
 */
export function logExcerptForModel(log: string, config: Readonly<Record<string, string>>): string {
  return scrubForModel(log, config).slice(-LOG_EXCERPT_CHARS);
}

export interface FailedDeployFacts {
  readonly app: string;
  readonly status: string;
  readonly commitSha?: string;
  /** From logExcerptForModel. */
  readonly excerpt: string;
}

/** The prompt, worded as wokku's (app/services/ai_debugger.rb). */
export function diagnosisPrompt(facts: FailedDeployFacts): string {
  const fence = facts.excerpt.includes('```') ? '~~~~' : '```';
  return [
    'You are a DevOps expert. A deploy just failed on a Dokku-based PaaS (similar to Heroku).',
    '',
    `App: ${facts.app}`,
    `Status: ${facts.status}`,
    ...(facts.commitSha ? [`Commit: ${facts.commitSha}`] : []),
    '',
    `Deploy log (last ${LOG_EXCERPT_CHARS} chars; values shown as [masked …] were hidden by the editor):`,
    fence,
    facts.excerpt,
    fence,
    '',
    'Diagnose the failure in 2-3 sentences. Then provide 1-3 specific fix suggestions as bullet points. Be concise and actionable. Format as Markdown.',
  ].join('\n');
}
