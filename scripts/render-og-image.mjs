// Renders the Open Graph card (static/og-image.png, 1200x630) from its SVG source once;
// the PNG is committed because social crawlers do not read SVG. Run: node scripts/render-og-image.mjs
import sharp from "sharp";

await sharp("content/images/og-image.svg")
  .resize(1200, 630)
  .png({ compressionLevel: 9 })
  .toFile("static/og-image.png");
await sharp("content/images/icon.svg").resize(512, 512).png().toFile("content/images/icon.png");
console.log("wrote static/og-image.png and content/images/icon.png");
