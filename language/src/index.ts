/**
 * The language package's public face: the IQL parser, the pure analysis features (document,
 * AST, catalog, position → LSP types), the catalog model and one `collectDocumentProblems()`.
 * No I/O anywhere in the package. Code outside language/src imports from here only.
 */
export * from './parser/index';
export type * from './parser/ast';

export type { AnalysisProblem, ProblemData } from './analysis/problem';
export { toDiagnostics } from './analysis/diagnostics';
export { checkFileAgainstCatalog } from './analysis/catalog-checks';
export { getCodeActions } from './analysis/code-actions';
export type { CollaborationChoice } from './analysis/code-actions';
export { getCodeLenses } from './analysis/code-lenses';
export { getCompletions, resolveCompletionItem } from './analysis/completion';
export { getFoldingRanges } from './analysis/folding';
export { formatIql, formatIqlRange } from './analysis/formatting';
export { findHoverSubject, toHover } from './analysis/hover';
export { findNameAt, findQueryAt, findQueryToRun } from './analysis/node-at';
export { findDefinitionSubject } from './analysis/definition';
export type { DefinitionSubject } from './analysis/definition';
export { renderDatasetPage } from './analysis/dataset-page';
export { datasetNameAt, findDatasetReferences, planDatasetRename, prepareDatasetRename } from './analysis/dataset-references';
export type { RenamePlan, RenamePreparation, TextReplacement } from './analysis/dataset-references';
export type { DatasetPage, DatasetPageSource } from './analysis/dataset-page';
export { describeSlowPlan, formatPlanMarkdown } from './analysis/plan-markdown';
export { getSemanticTokens, SEMANTIC_TOKEN_LEGEND } from './analysis/semantic-tokens';
export { getSignatureHelp } from './analysis/signature-help';
export { getDocumentSymbols } from './analysis/symbols';
export { queryText, serviceRejection } from './analysis/remote-problems';
export type { ServiceRefusal } from './analysis/remote-problems';
export { resolveDirectiveTarget } from './analysis/directive-target';
export type { DirectiveTarget, UnknownProfile } from './analysis/directive-target';

export type { Catalog, CatalogCategory, CatalogDataset, CatalogRepresentation } from './catalog/catalog';
export { createCatalog } from './catalog/catalog';
export { catalogAssembly } from './catalog/catalog-from-wire';
export { fromCatalogSnapshot, toCatalogSnapshot } from './catalog/catalog-snapshot';

export { collectDocumentProblems, inQuery, shouldAskService } from './document-problems';
export { findReportFilters, isReportFile, reportDatasetIds, reportFilterCompletions, reportFilterHover, reportFilterProblems } from './embedded/report-filters';
export type { DatasetNameOf, ReportFilter } from './embedded/report-filters';
export { reportCategoryCompletions, reportCategoryProblems } from './embedded/report-categories';
export { automationHover, automationProblems, isAutomationFile, STEP_BLOCKS } from './embedded/automation-file';
export { namedDatasetUses } from './analysis/query-walk';
export type { DocumentProblemInputs, Verdict } from './document-problems';
