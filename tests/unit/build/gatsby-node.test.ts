/** @jest-environment node */
import path from "node:path";
import { sourceNodes } from "../../../gatsby-node";

const ROOT = path.resolve(__dirname, "../../..");

/** The part of a created node these tests read. */
type CreatedNode = {
  internal: { type: string };
  copilot?: { screenshot: { src: string } };
  requests?: { email: string };
  lastUpdated?: { date: string };
  bodyFile?: string;
};

function gatsbyArgs() {
  const createNode = jest.fn<void, [CreatedNode]>();
  const panicOnBuild = jest.fn<void, [string]>();
  const args = {
    actions: { createNode },
    createNodeId: (key: string) => `id-${key}`,
    createContentDigest: () => "digest",
    reporter: { panicOnBuild },
  };
  return { createNode, panicOnBuild, args };
}

async function runSourceNodes(cwd: string) {
  jest.spyOn(process, "cwd").mockReturnValue(cwd);
  const { createNode, panicOnBuild, args } = gatsbyArgs();
  // Only the helpers sourceNodes uses are provided.
  await (sourceNodes as unknown as (a: typeof args) => unknown)(args);
  return { createNode, panicOnBuild };
}

afterEach(() => jest.restoreAllMocks());

test("valid content becomes SiteSettings, HomePage, AboutPage and PrivacyPage nodes", async () => {
  const { createNode, panicOnBuild } = await runSourceNodes(ROOT);
  expect(panicOnBuild).not.toHaveBeenCalled();
  const types = createNode.mock.calls.map(([node]) => node.internal.type);
  expect(types).toEqual(["SiteSettings", "HomePage", "AboutPage", "PrivacyPage"]);
  expect(createNode.mock.calls[1][0].copilot?.screenshot.src).toBe("images/copilot-screenshot.png");
});

test("PrivacyPage carries the frontmatter and points at its file for the rendered body", async () => {
  const { createNode } = await runSourceNodes(ROOT);
  const privacy = createNode.mock.calls[3][0];
  expect(privacy.requests?.email).toMatch(/@/);
  expect(privacy.lastUpdated?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // gatsby-transformer-remark renders the body; the type links to it by this path.
  expect(privacy.bodyFile).toBe(path.join(ROOT, "content", "privacy.md"));
  expect(privacy).not.toHaveProperty("body");
});

test("a broken content file fails the build naming the file and the field", async () => {
  const { createNode, panicOnBuild } = await runSourceNodes(path.join(__dirname, "fixtures/broken-project"));
  expect(createNode).not.toHaveBeenCalled();
  expect(panicOnBuild).toHaveBeenCalledTimes(1);
  expect(panicOnBuild.mock.calls[0][0]).toContain("content/home.md: benefits.1.title: Required");
});
