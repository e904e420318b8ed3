/** Entry of the /admin/ bundle, built apart from the pages: registers the format, styles and previews, then starts Decap. */
import CMS from "decap-cms-app";
import "../styles/global.css";
import { cmsConfig, JSON_FORMAT, jsonWithNewline, refreshLocalSite } from "./config";
import { AboutPreview, HomePreview, PrivacyPreview } from "./preview/previews";

CMS.registerCustomFormat(JSON_FORMAT, "json", jsonWithNewline);
CMS.registerPreviewTemplate("home", HomePreview as never);
CMS.registerPreviewTemplate("about", AboutPreview as never);
CMS.registerPreviewTemplate("privacy", PrivacyPreview as never);
for (const name of ["postSave", "postPublish"] as const) {
  CMS.registerEventListener({ name, handler: () => void refreshLocalSite() });
}
CMS.init({ config: cmsConfig });
