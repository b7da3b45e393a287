import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per row of spec §2, then sign-out, the JSON API and the SEO files.
export default [
  index("routes/home.tsx"),
  route("company", "routes/company.tsx"),
  route("artist", "routes/artist-list.tsx"),
  route("artist/:name", "routes/artist-detail.tsx"),
  route("audition", "routes/audition.tsx"),
  route("pr", "routes/pr.tsx"),
  route("news", "routes/news.tsx"),
  route("notice", "routes/notice.tsx"),
  route("newsDetail/:postId", "routes/news-detail.tsx"),
  route("noticeDetail/:postId", "routes/notice-detail.tsx"),
  route("adminLogin", "routes/admin-login.tsx"),
  route("adminNewsWrite/:postId?", "routes/admin-post-editor.tsx", { id: "admin-news-editor" }),
  route("adminNoticeWrite/:postId?", "routes/admin-post-editor.tsx", { id: "admin-notice-editor" }),
  route("adminActor/:name?", "routes/admin-artist-editor.tsx"),

  route("adminLogout", "routes/admin-logout.ts"),
  route("api/img", "routes/api/img.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
] satisfies RouteConfig;
