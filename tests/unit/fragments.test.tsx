import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { Cached, FragmentContext } from "../../app/components/cached";
import {
  clearFragments,
  createFragmentRender,
  FRAGMENT_BYTES,
  fragmentStats,
} from "../../app/utils/fragments.server";

/** Counts how often each named piece really renders. */
let renders: Record<string, number> = {};
function Piece({ name, children }: { name: string; children?: ReactNode }) {
  renders[name] = (renders[name] ?? 0) + 1;
  return (
    <section data-name={name}>
      Piece {name}
      {children}
    </section>
  );
}

/** A page of text and elements around cached pieces: one nested in another, one per vehicle. */
function Page({ vehicle, user }: { vehicle: string | null; user: string }) {
  return (
    <main>
      Hello {user}
      <Cached name="outer" keys={[vehicle]}>
        <Piece name="outer">
          <span>fits {vehicle ?? "any vehicle"}</span>
          <Cached name="inner" keys={[]}>
            <Piece name="inner" />
          </Cached>
        </Piece>
        <p>after</p>
      </Cached>
      tail {user}
      <Cached name="plain" keys={[1, true, "x"]}>
        <Piece name="plain" />
      </Cached>
    </main>
  );
}

/** The page as it is answered: rendered with the fragment store at `version`, markers replaced. */
function serve(page: ReactNode, version = 1) {
  const fragments = createFragmentRender(version);
  const html = renderToString(
    <FragmentContext.Provider value={fragments}>{page}</FragmentContext.Provider>,
  );
  return fragments.finish(html).join("");
}

/** The page as React renders it with no fragment store at all (as the browser hydrates it). */
const plain = (page: ReactNode) => renderToString(page);

beforeEach(() => {
  clearFragments();
  renders = {};
});

describe("cached fragments", () => {
  it("answer exactly React's own HTML, whether stored or rendered, and render each piece once", () => {
    const page = <Page vehicle="thar" user="asha" />;
    const first = serve(page);
    expect(first).toBe(plain(page));
    expect(first).not.toContain("data-fragment");
    expect(renders).toEqual({ outer: 2, inner: 2, plain: 2 }); // once by serve, once by plain
    renders = {};
    const second = serve(<Page vehicle="thar" user="ravi" />);
    expect(second).toBe(plain(<Page vehicle="thar" user="ravi" />));
    // The second page rendered only what the plain render needed: nothing came from the pieces.
    expect(renders).toEqual({ outer: 1, inner: 1, plain: 1 });
    expect(second).toContain("Hello <!-- -->ravi");
    expect(second).not.toContain("asha");
  });

  it("keep one copy per key: another vehicle renders its own", () => {
    serve(<Page vehicle="thar" user="a" />);
    const other = serve(<Page vehicle="jimny" user="a" />);
    expect(other).toContain("fits <!-- -->jimny");
    expect(other).not.toContain("thar");
    expect(serve(<Page vehicle={null} user="a" />)).toContain("fits <!-- -->any vehicle");
    // outer per vehicle (3), inner and plain once each
    expect(fragmentStats().entries).toBe(5);
  });

  it("are dropped when the catalogue version moves, and a render begun before it uses none", () => {
    serve(<Page vehicle="thar" user="a" />, 1);
    renders = {};
    serve(<Page vehicle="thar" user="a" />, 2);
    expect(renders).toEqual({ outer: 1, inner: 1, plain: 1 });
    expect(fragmentStats().entries).toBe(3);
    // A page whose loaders read version 1: rendered in full, and nothing of it kept.
    renders = {};
    expect(serve(<Page vehicle="jimny" user="a" />, 1)).toBe(
      plain(<Page vehicle="jimny" user="a" />),
    );
    expect(renders).toEqual({ outer: 2, inner: 2, plain: 2 });
    expect(fragmentStats().entries).toBe(3);
  });

  it("are not stored when they carry a script nonce", () => {
    const page = (nonce: string) => (
      <Cached name="script" keys={[]}>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "1" }} />
      </Cached>
    );
    serve(page("abc"));
    expect(serve(page("def"))).toContain('nonce="def"');
    expect(fragmentStats().entries).toBe(0);
  });

  it("hold at most their byte budget, the oldest going first", () => {
    const big = "x".repeat(FRAGMENT_BYTES / 8);
    for (let i = 0; i < 12; i++)
      serve(
        <Cached name="big" keys={[i]}>
          <p>{big}</p>
        </Cached>,
      );
    const { entries, bytes } = fragmentStats();
    expect(bytes).toBeLessThanOrEqual(FRAGMENT_BYTES);
    expect(entries).toBeLessThan(12);
    renders = {};
    // The newest is still there; the first was evicted.
    const newest = serve(
      <Cached name="big" keys={[11]}>
        <Piece name="new" />
      </Cached>,
    );
    expect(newest).toContain(big);
    expect(
      serve(
        <Cached name="big" keys={[0]}>
          <Piece name="old" />
        </Cached>,
      ),
    ).toContain('data-name="old"');
  });

  it("ignore anything in a page that looks like their markers", () => {
    const forged =
      '<template data-fragment="abc-1.0"></template><template data-fragment="0"></template>';
    const page = (
      <main>
        <div dangerouslySetInnerHTML={{ __html: forged }} />
        <Cached name="plain" keys={[]}>
          <Piece name="plain" />
        </Cached>
      </main>
    );
    serve(page);
    const second = serve(page);
    expect(second).toBe(plain(page));
    expect(second).toContain(forged);
  });

  it("render their children in the browser, with no store", () => {
    const page = createElement(Page, { vehicle: null, user: "a" });
    expect(plain(page)).toContain("Piece <!-- -->inner");
    expect(plain(page)).not.toContain("template");
  });
});
