/**
 * The query the walkthrough opens: a first insight query on the demo clean room of the local
 * emulator (RetailCo's Retail dataset meets the Daily Courier's Publisher1), which the local
 * checks and the emulator both accept.
 */

/**
 * The example file's text. With `profile` (the emulator's profile, when it exists) the file
 * names it in a `-- @profile` line, so that it runs on the demo even when another profile is
 * the default; without it the file uses the default profile.
 */
export function buildExampleQuery(profile?: string): string {
  const lines = [
    ...(profile ? [`-- @profile ${profile}`] : []),
    '-- Your first clean-room query, on the demo clean room of the local emulator.',
    '-- How many RetailCo loyalty members also read the Daily Courier, by region?',
    '-- Put the cursor in the query and press Ctrl+Enter (Cmd+Enter on macOS) to run it;',
    '-- hover over SELECT to see how the service joins the two datasets.',
    'SELECT AGGREGATE(Region)',
    'FROM Retail INTERSECT Publisher1',
    'WHERE Retail."Loyalty Member" = \'Yes\'',
    '',
  ];
  return lines.join('\n');
}
