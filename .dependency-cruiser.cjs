// `npm run lint` runs this: the house rules of src/ (docs/architecture.md explains them).
const PURE = '^src/(api|logs|configText|dumps)/|^src/(model|format|serviceList|settingsText|callers)\\.ts$|^src/agent/modelText\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules import downwards only: a cycle means shared vocabulary belongs lower (src/model.ts, an interface).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'pure-imports-no-vscode',
      comment: 'api/, logs/, configText/, model.ts and format.ts run outside VS Code (unit tests, the bench): no vscode.',
      severity: 'error',
      from: { path: PURE },
      to: { path: '^vscode$|@types/vscode' },
    },
    {
      name: 'pure-imports-pure',
      comment: 'A pure module may import other pure modules and npm packages only, or vscode would come in through them.',
      severity: 'error',
      from: { path: PURE },
      to: { path: '^src/', pathNot: PURE },
    },
    {
      name: 'commands-on-top',
      comment: 'Commands (and deploy/, a feature with its own commands) use the tree, editors and log views; those never reach back into commands/.',
      severity: 'error',
      from: { path: '^src/(tree|editors|logViews|activity|auth)/' },
      to: { path: '^src/commands/' },
    },
    {
      name: 'commands-see-targets-not-nodes',
      comment: 'Commands, deploys, log views, editors and agent tools receive a CommandTarget (tree/commandTarget.ts) and change the tree through its one door, TreeControl (Core.tree): node classes, the provider and the healer stay private to tree/, even as types.',
      severity: 'error',
      from: { path: '^src/(commands|deploy|logViews|editors|activity|auth|agent)/' },
      to: { path: '^src/tree/(appNode|appGroupNode|databaseNode|databaseGroupNode|itemNode|listNode|messageNode|serverNode|workspaceNode|roots|resourcesProvider|throttleHealer|groups/processes)\\.ts$' },
    },
    {
      name: 'kit-below-doors',
      comment: 'The kit (src/kit/: running, targets, prompts, batches, notices) serves every door (commands, actions, deploy, agent); it never imports one.',
      severity: 'error',
      from: { path: '^src/kit/' },
      to: { path: '^src/(commands|actions|deploy|agent)/' },
    },
    {
      name: 'areas-below-actions',
      comment: 'The tree, editors, log views, activity and auth sit below the actions: what they share with one (who the caller is, how a config is sent) lives lower (callers.ts, configText/).',
      severity: 'error',
      from: { path: '^src/(tree|editors|logViews|activity|auth)/' },
      to: { path: '^src/(actions|kit)/' },
    },
    {
      name: 'doors-share-actions-not-commands',
      comment: 'Agent tools, deploys and actions are doors and logic beside the commands: what they share with a command lives in src/actions/ (or the kit), never in a command file.',
      severity: 'error',
      from: { path: '^src/(agent|deploy|actions)/' },
      to: { path: '^src/commands/' },
    },
    {
      name: 'agent-tools-on-top',
      comment: 'The agent tools (src/agent/) use the areas as commands do; no area imports them: features.ts builds them, extension.ts registers them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(agent/|features\\.ts$|extension\\.ts$)' },
      to: { path: '^src/agent/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
