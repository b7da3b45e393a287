import type { Config } from "@react-router/dev/config";

// The design card's remix.config.js: server-rendered, with the app in app/.
export default {
  appDirectory: "app",
  ssr: true,
} satisfies Config;
