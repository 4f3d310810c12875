import { appDb } from "#tests/fixtures/db";
import { expect, test } from "#tests/fixtures/test";

// Public pages paint before their scripts (docs/decisions/0045): the browser
// asks for no script until the page, its banner photo included, has loaded;
// a photo tapped before the scripts have run opens the lightbox once they do.

test("the home page requests its scripts only after it has loaded, then hydrates", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto("/");
  // Hydrated: the slider's previous/next buttons exist only with JavaScript.
  await expect(page.getByRole("button", { name: "Próximo banner" })).toBeVisible();
  const timings = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return {
      load: navigation.loadEventStart,
      scripts: resources.filter((r) => /\/assets\/.*\.js$/.test(r.name)).map((r) => r.startTime),
      banner: resources.find((r) => r.name.includes("/banners/"))?.responseEnd ?? null,
    };
  });
  expect(timings.scripts.length).toBeGreaterThan(0);
  expect(timings.banner).not.toBeNull();
  for (const start of timings.scripts) {
    expect(start).toBeGreaterThanOrEqual(timings.load);
    expect(start).toBeGreaterThan(timings.banner!);
  }
  expect(problems).toEqual([]);
});

test("a photo clicked before the scripts arrive opens the lightbox once they do", async ({ page }) => {
  const row = await appDb()
    .selectFrom("property_images")
    .select((eb) => ["property_id as id", eb.fn.countAll<number>().as("c")])
    .groupBy("property_id")
    .having((eb) => eb.fn.countAll(), ">", 1)
    .orderBy("c", "desc")
    .limit(1)
    .executeTakeFirst();
  expect(row, "the demo seed has a property with photos").toBeTruthy();
  const { id, c } = row!;

  // The scripts are held until the photo has been clicked.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/imoveis/${id}`);
  await page.getByRole("link", { name: `Abrir foto 1 de ${c}` }).click();
  // Not the plain link's large photo: still the property page, no dialog yet.
  await expect(page).toHaveURL(new RegExp(`/imoveis/${id}$`));
  await expect(page.getByRole("dialog")).toHaveCount(0);

  release();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByTestId("lightbox-counter")).toHaveText(`1 de ${c}`);
  await expect(page).toHaveURL(new RegExp(`/imoveis/${id}$`));
});
