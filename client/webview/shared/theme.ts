/**
 * Colours and fonts of the editor's theme, read from the CSS variables the editor sets on the
 * page (`--vscode-*`), for what CSS cannot style itself: the chart's canvas.
 */

/** The value of a theme variable, or `fallback` when the theme does not set it. */
export function readThemeValue(variable: string, fallback: string): string {
  const value = getComputedStyle(document.body).getPropertyValue(variable).trim();
  return value === '' ? fallback : value;
}

export interface ChartTheme {
  readonly bar: string;
  readonly text: string;
  readonly grid: string;
  readonly font: string;
  readonly fontSize: number;
}

export function readChartTheme(): ChartTheme {
  const size = Number.parseFloat(readThemeValue('--vscode-font-size', '13'));
  return {
    bar: readThemeValue('--vscode-charts-blue', '#3794ff'),
    text: readThemeValue('--vscode-foreground', '#cccccc'),
    grid: readThemeValue('--vscode-editorWidget-border', readThemeValue('--vscode-panel-border', '#80808059')),
    font: readThemeValue('--vscode-font-family', 'sans-serif'),
    fontSize: Number.isFinite(size) ? size : 13,
  };
}
