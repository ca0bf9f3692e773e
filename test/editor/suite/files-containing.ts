/**
 * Finding a text in the editor's files (user data, logs, the workspace): how scenarios show
 * that a secret typed into the editor was written nowhere.
 */
import * as vscode from 'vscode';

/** The nearest ancestor of `uri` (itself included) named `name`. */
export function ancestorNamed(uri: vscode.Uri, name: string): vscode.Uri {
  let current = uri;
  for (;;) {
    if (current.path.split('/').pop() === name) return current;
    const parent = vscode.Uri.joinPath(current, '..');
    if (parent.path === current.path) throw new Error(`no folder named ${name} above ${uri.toString()}`);
    current = parent;
  }
}

/** Every file under `folder` whose bytes contain `needle`, as paths relative to it. */
export async function filesContaining(folder: vscode.Uri, needle: string): Promise<string[]> {
  const bytes = Buffer.from(needle, 'utf8');
  const found: string[] = [];
  const visit = async (dir: vscode.Uri, prefix: string): Promise<void> => {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(dir);
    } catch {
      return; // A folder removed while we walk (a rotated log) holds nothing to find.
    }
    for (const [name, type] of entries) {
      const child = vscode.Uri.joinPath(dir, name);
      if (type & vscode.FileType.Directory) await visit(child, `${prefix}${name}/`);
      else if (type & vscode.FileType.File) {
        const content = await vscode.workspace.fs.readFile(child).then((data) => Buffer.from(data), () => Buffer.alloc(0));
        if (content.includes(bytes)) found.push(`${prefix}${name}`);
      }
    }
  };
  await visit(folder, '');
  return found;
}
