// Agent mode: AppHost's tools for the chat (VS Code's language model tools, 1.95+).
// Registered at activation, cheaply: each tool is a stand-in that builds the features on
// its first call (src/lazyFeatures.ts). On an older VS Code nothing is registered. The
// setting apphost.agentTools.enabled turns them off (and on) without a reload; the
// manifest's `when` clauses hide them from the chat while it is off or signed out.
import * as vscode from 'vscode';
import type { AgentTools } from './agentTools';
import { languageModelTools } from './lmApi';
import { AGENT_TOOLS_SETTING, agentToolsEnabled } from './setting';

export interface AgentToolRegistration extends vscode.Disposable {
  /** The tools registered now (none: turned off, or this VS Code has no tools API). */
  readonly registered: readonly string[];
}

/** The features, built on first use (src/lazyFeatures.ts): the tools are among them. */
interface ToolsOnDemand {
  get(): { readonly agentTools: AgentTools };
}

export function registerAgentTools(context: vscode.ExtensionContext, features: ToolsOnDemand): AgentToolRegistration {
  const lm = languageModelTools();
  const names = ((context.extension.packageJSON.contributes?.languageModelTools ?? []) as { name: string }[]).map((t) => t.name);
  let tools: vscode.Disposable[] = [];
  const state = { registered: [] as string[] };
  const sync = () => {
    const on = !!lm && agentToolsEnabled();
    if (on === state.registered.length > 0) return;
    for (const t of tools) t.dispose();
    tools = [];
    state.registered = [];
    if (!on || !lm) return;
    for (const name of names) {
      tools.push(lm.registerTool<unknown>(name, {
        prepareInvocation: (options, token) => features.get().agentTools.prepare(name, options.input, token),
        // A chat's call carries its token (VS Code asked the user); a call without one asks AppHost's own question.
        invoke: async (options, token) => lm.textResult(await features.get().agentTools.invoke(name, options.input, token, options.toolInvocationToken !== undefined ? 'chat' : 'other')),
      }));
    }
    state.registered = [...names];
  };
  sync();
  const listener = lm && vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`apphost.${AGENT_TOOLS_SETTING}`) && sync());
  return {
    get registered() {
      return state.registered;
    },
    dispose() {
      listener?.dispose();
      for (const t of tools) t.dispose();
    },
  };
}
