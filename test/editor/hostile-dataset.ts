/**
 * A dataset whose public name and description are HTML and a script link. Every view must
 * show them as text: if one renders them as markup, the browser fires an alert, which the
 * runner treats as a failure. Shared by the runner (which adds it to the emulator's data
 * folder) and the scenarios (which look for it).
 */
export const HOSTILE_DATASET = {
  privateId: 'Hostile',
  publicName: '<img src=x onerror=alert(1)>',
  description: '<script>alert(2)</script> [click](javascript:alert(3))',
} as const;
