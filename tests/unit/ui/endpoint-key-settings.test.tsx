// @vitest-environment happy-dom
// Settings: an endpoint key saved per origin, shown masked, removable; the key itself is never on the page.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { EndpointKeySettings } from "../../../src/ui/features/settings/endpoint-key-settings";

const KEY = "sk-settings-endpoint-key-0123456789";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("EndpointKeySettings", () => {
  it("saves a key under the endpoint's origin, shows it masked, and removes it", () => {
    render(<EndpointKeySettings />);
    const save = screen.getByRole("button", { name: "Save key" }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText("Key"), { target: { value: KEY } });
    fireEvent.change(screen.getByLabelText("Endpoint URL"), { target: { value: "not a url" } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Endpoint URL"), { target: { value: "http://127.0.0.1:8000/v1/chat" } });
    expect(screen.getByText(/Kept for http:\/\/127\.0\.0\.1:8000\./)).toBeTruthy();
    fireEvent.click(save);
    expect(JSON.parse(localStorage.getItem("providerbench.endpointKeys")!)).toEqual({ "http://127.0.0.1:8000": KEY });
    expect(screen.getByTestId("masked-endpoint-key").textContent).toBe("…6789");
    expect(document.body.innerHTML).not.toContain(KEY);
    fireEvent.click(screen.getByRole("button", { name: "Remove the key for http://127.0.0.1:8000" }));
    expect(localStorage.getItem("providerbench.endpointKeys")).toBeNull();
    expect(screen.getByText("No endpoint key saved.")).toBeTruthy();
  });
});
