import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per row of spec §2 (admin routes arrive with the admin area), plus SEO files.
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
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
] satisfies RouteConfig;
