export * from './workspace.js';
export * from './workspace-tree.js';
