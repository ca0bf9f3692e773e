/**
 * The collaboration rules' public face: the language server's diagnostics and the emulator's
 * validator both check queries with these, so the editor flags exactly what is refused.
 */
export { checkCollaborationRules } from './collaboration-rules';
export type { CollaborationRuleCode, RuleContext, RuleViolation } from './collaboration-rules';
export { restrictionsFromWire } from './dataset-restrictions';
export type { DatasetRestrictions } from './dataset-restrictions';
