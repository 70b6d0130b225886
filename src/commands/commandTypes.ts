// The shape of a command table, apart from the list of tables (index.ts), so that every
// area can declare its commands without importing the others.

/** A command handler: receives the tree node (or nothing, from the palette) and any extra args. */
export type CommandHandler = (...args: never[]) => unknown;
export type CommandTable = Record<string, CommandHandler>;
