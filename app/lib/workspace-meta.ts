/** An admin page's `meta`: its title under the admin's name, and never indexed. */
export function workspaceMeta(title: string) {
  return [{ title: `${title} | WE ENTERTAINMENT 관리` }, { name: "robots", content: "noindex, nofollow" }];
}
