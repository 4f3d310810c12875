import { ErrorPage } from "#app/components/site/error-page";
import { pageTitle } from "#app/utils/seo";

// What a private file URL shows when there is no file for this person
// (another client's, a guessed id, a deleted file, signed out): the site's
// 404 page, the same words for every case. Client-safe.

type Matches = Parameters<typeof pageTitle>[0];

export function fileNotFoundMeta(matches: Matches) {
  return [{ title: pageTitle(matches, "Página não encontrada") }, { name: "robots", content: "noindex" }];
}

export function FileNotFoundPage({ error }: { error: unknown }) {
  return (
    <ErrorPage
      error={error}
      notFoundText="O arquivo que você procurou não existe ou não está disponível para esta conta."
    />
  );
}
