import { describe, expect, it } from "vitest";
import { servedUrl } from "../../server/served-url";

// The address the server prints when it starts and `npm run demo` prints its
// logins with: the port it listens on, never a fixed 3000.
describe("servedUrl", () => {
  it("is localhost on the port served when listening on every interface", () => {
    expect(servedUrl({ PORT: "4222" })).toBe("http://localhost:4222");
    expect(servedUrl({ HOST: "0.0.0.0", PORT: 4222 })).toBe("http://localhost:4222");
    expect(servedUrl({ HOST: "::", PORT: "4222" })).toBe("http://localhost:4222");
  });

  it("names the host listened on", () => {
    expect(servedUrl({ HOST: "127.0.0.1", PORT: "3412" })).toBe("http://127.0.0.1:3412");
    expect(servedUrl({ HOST: "::1", PORT: "3412" })).toBe("http://[::1]:3412");
  });

  it("is port 3000 when no port is given, as the server's default", () => {
    expect(servedUrl({})).toBe("http://localhost:3000");
    expect(servedUrl({ HOST: "", PORT: "" })).toBe("http://localhost:3000");
  });
});
