/* svc admin page: built by scripts/build-admin.mjs from plugin/admin/src. Do not edit. */
(() => {
  var __create = Object.create;
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __getProtoOf = Object.getPrototypeOf;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
  var __commonJS = (cb, mod) => function __require() {
    try {
      return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
    } catch (e) {
      throw mod = 0, e;
    }
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
    // If the importer is in node compatibility mode or this is not an ESM
    // file that has been converted to a CommonJS file using a Babel-
    // compatible transform (i.e. "__esModule" has not been set), then set
    // "default" to the CommonJS "module.exports" for node compatibility.
    isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
    mod
  ));
  var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);

  // wordpress-global:@wordpress/element
  var require_element = __commonJS({
    "wordpress-global:@wordpress/element"(exports, module) {
      module.exports = window.wp.element;
    }
  });

  // wordpress-global:@wordpress/components
  var require_components = __commonJS({
    "wordpress-global:@wordpress/components"(exports, module) {
      module.exports = window.wp.components;
    }
  });

  // wordpress-global:@wordpress/i18n
  var require_i18n = __commonJS({
    "wordpress-global:@wordpress/i18n"(exports, module) {
      module.exports = window.wp.i18n;
    }
  });

  // wordpress-global:@wordpress/api-fetch
  var require_api_fetch = __commonJS({
    "wordpress-global:@wordpress/api-fetch"(exports, module) {
      module.exports = window.wp.apiFetch;
    }
  });

  // plugin/admin/src/index.tsx
  var import_element4 = __toESM(require_element(), 1);

  // plugin/admin/src/App.tsx
  var import_components4 = __toESM(require_components(), 1);
  var import_i18n6 = __toESM(require_i18n(), 1);

  // plugin/admin/src/ApiTab.tsx
  var import_components2 = __toESM(require_components(), 1);
  var import_element2 = __toESM(require_element(), 1);
  var import_i18n4 = __toESM(require_i18n(), 1);

  // plugin/admin/src/api.ts
  var import_api_fetch = __toESM(require_api_fetch(), 1);
  var import_i18n = __toESM(require_i18n(), 1);
  var ApiError = class extends Error {
    constructor(message, code) {
      super(message);
      __publicField(this, "code", code);
      this.name = "ApiError";
    }
  };
  var isObject = (value) => typeof value === "object" && value !== null;
  async function toApiError(rejection) {
    let body = rejection;
    if (rejection instanceof Response) {
      try {
        body = await rejection.json();
      } catch {
        body = void 0;
      }
      if (!isObject(body)) {
        return new ApiError(`HTTP ${rejection.status} ${rejection.statusText}`.trim(), "http_error");
      }
    }
    if (isObject(body) && typeof body["message"] === "string") {
      return new ApiError(body["message"], typeof body["code"] === "string" ? body["code"] : "unknown");
    }
    return new ApiError((0, import_i18n.__)("The server sent an unexpected answer.", "svc"), "unknown");
  }
  function toApiFile(value) {
    if (!isObject(value) || typeof value["filename"] !== "string") return null;
    const methods = Array.isArray(value["methods"]) ? value["methods"].filter((m) => typeof m === "string") : [];
    return {
      filename: value["filename"],
      hash: typeof value["hash"] === "string" ? value["hash"] : "",
      path: typeof value["path"] === "string" ? value["path"] : "",
      route: typeof value["route"] === "string" ? value["route"] : null,
      methods,
      public: value["public"] === true,
      ...typeof value["error"] === "string" ? { error: value["error"] } : {},
      ...policiesOf(value)
    };
  }
  function policiesOf(value) {
    const policies = {};
    const cache = value["cache"];
    if (isObject(cache) && isCount(cache["max_age"])) {
      policies.cache = { max_age: cache["max_age"], stale_while_revalidate: isCount(cache["stale_while_revalidate"]) ? cache["stale_while_revalidate"] : null };
    }
    const counts = value["early_cache"];
    if (isObject(counts) && isCount(counts["hits"]) && isCount(counts["misses"])) {
      policies.early_cache = { hits: counts["hits"], misses: counts["misses"] };
    }
    const rates = value["rate_limits"];
    if (isObject(rates)) {
      policies.rate_limits = {};
      for (const [verb, rate] of Object.entries(rates)) {
        if (isObject(rate) && isCount(rate["requests"]) && isCount(rate["per"])) {
          policies.rate_limits[verb] = { requests: rate["requests"], per: rate["per"], shared: rate["shared"] === true };
        }
      }
    }
    const schedules = value["schedules"];
    if (Array.isArray(schedules)) {
      policies.schedules = schedules.flatMap((item) => {
        if (!isObject(item) || typeof item["method"] !== "string" || typeof item["recurrence"] !== "string" || !isCount(item["interval"])) return [];
        const last = item["last_run"];
        const text = (from, key) => typeof from[key] === "string" ? from[key] : null;
        return [
          {
            method: item["method"],
            recurrence: item["recurrence"],
            interval: item["interval"],
            next_run: text(item, "next_run"),
            last_run: isObject(last) && typeof last["started"] === "string" && typeof last["outcome"] === "string" ? { started: last["started"], finished: text(last, "finished"), outcome: last["outcome"], message: text(last, "message") } : null
          }
        ];
      });
    }
    return policies;
  }
  function isCount(value) {
    return typeof value === "number" && Number.isInteger(value) && value >= 0;
  }
  var BOOT_FATAL_RETRIES = 25;
  async function fetchListing() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await (0, import_api_fetch.default)({ path: "/svc/v1/api-files?content=false", parse: false });
      } catch (rejection) {
        const error = await toApiError(rejection);
        if (error.code !== "svc_boot_fatal" || attempt >= BOOT_FATAL_RETRIES) throw error;
      }
    }
  }
  async function listFiles() {
    const response = await fetchListing();
    const body = await response.json();
    if (!Array.isArray(body)) throw new ApiError((0, import_i18n.__)("The server sent an unexpected answer.", "svc"), "unknown");
    const skipped = Number.parseInt(response.headers.get("X-Svc-Skipped") ?? "0", 10);
    return {
      files: body.map(toApiFile).filter((file) => file !== null),
      skipped: Number.isFinite(skipped) ? skipped : 0
    };
  }
  async function readNamespace() {
    try {
      const body = await (0, import_api_fetch.default)({ path: "/svc/v1/api-namespace" });
      if (isObject(body) && typeof body["namespace"] === "string") return body["namespace"];
    } catch (rejection) {
      throw await toApiError(rejection);
    }
    throw new ApiError((0, import_i18n.__)("The server sent an unexpected answer.", "svc"), "unknown");
  }
  async function saveNamespace(namespace) {
    try {
      const body = await (0, import_api_fetch.default)({ path: "/svc/v1/api-namespace", method: "PUT", data: { namespace } });
      if (isObject(body) && typeof body["namespace"] === "string" && typeof body["previous"] === "string") {
        return { namespace: body["namespace"], previous: body["previous"] };
      }
    } catch (rejection) {
      throw await toApiError(rejection);
    }
    throw new ApiError((0, import_i18n.__)("The server sent an unexpected answer.", "svc"), "unknown");
  }
  function toSiteEvent(value) {
    if (!isObject(value) || typeof value["id"] !== "number" || typeof value["type"] !== "string" || typeof value["message"] !== "string") return null;
    const user = value["user"];
    return {
      id: value["id"],
      time: typeof value["time"] === "string" ? value["time"] : "",
      type: value["type"],
      slug: typeof value["slug"] === "string" ? value["slug"] : null,
      message: value["message"],
      user: isObject(user) && typeof user["id"] === "number" && typeof user["login"] === "string" ? { id: user["id"], login: user["login"] } : null
    };
  }
  async function listEvents(perPage) {
    let body;
    try {
      body = await (0, import_api_fetch.default)({ path: `/svc/v1/events?per_page=${perPage}` });
    } catch (rejection) {
      throw await toApiError(rejection);
    }
    if (!isObject(body) || !Array.isArray(body["events"])) throw new ApiError((0, import_i18n.__)("The server sent an unexpected answer.", "svc"), "unknown");
    return body["events"].map(toSiteEvent).filter((event) => event !== null);
  }
  function messageOf(error) {
    if (error instanceof Error) return error.message;
    return (0, import_i18n.__)("Something went wrong.", "svc");
  }

  // plugin/admin/src/EventList.tsx
  var import_components = __toESM(require_components(), 1);
  var import_element = __toESM(require_element(), 1);
  var import_i18n2 = __toESM(require_i18n(), 1);
  var SHOWN = 10;
  var PROBLEMS = /* @__PURE__ */ new Set(["load_failed", "permission_threw", "callback_threw", "headers_threw", "route_error", "boot_fatal", "vendor_failed"]);
  function EventList() {
    const [state, setState] = (0, import_element.useState)({ status: "loading" });
    (0, import_element.useEffect)(() => {
      let live = true;
      listEvents(SHOWN).then(
        (events) => live && setState({ status: "loaded", events }),
        (error) => live && setState({ status: "failed", message: messageOf(error) })
      );
      return () => {
        live = false;
      };
    }, []);
    return /* @__PURE__ */ wp.element.createElement("section", { className: "svc-events" }, /* @__PURE__ */ wp.element.createElement("h2", null, (0, import_i18n2.__)("Latest events", "svc")), state.status === "loading" && /* @__PURE__ */ wp.element.createElement("p", { className: "svc-loading" }, /* @__PURE__ */ wp.element.createElement(import_components.Spinner, null), (0, import_i18n2.__)("Loading events\u2026", "svc")), state.status === "failed" && /* @__PURE__ */ wp.element.createElement(import_components.Notice, { status: "error", isDismissible: false }, /* @__PURE__ */ wp.element.createElement("p", null, (0, import_i18n2.__)("Could not load the events:", "svc")), /* @__PURE__ */ wp.element.createElement("p", { className: "svc-error-text" }, state.message)), state.status === "loaded" && state.events.length === 0 && /* @__PURE__ */ wp.element.createElement("p", { className: "svc-muted" }, (0, import_i18n2.__)("Nothing recorded yet.", "svc")), state.status === "loaded" && state.events.length > 0 && /* @__PURE__ */ wp.element.createElement("table", { className: "wp-list-table widefat fixed striped svc-event-table" }, /* @__PURE__ */ wp.element.createElement("thead", null, /* @__PURE__ */ wp.element.createElement("tr", null, /* @__PURE__ */ wp.element.createElement("th", { scope: "col", className: "svc-event__time" }, (0, import_i18n2.__)("Time", "svc")), /* @__PURE__ */ wp.element.createElement("th", { scope: "col", className: "svc-event__type" }, (0, import_i18n2.__)("Event", "svc")), /* @__PURE__ */ wp.element.createElement("th", { scope: "col" }, (0, import_i18n2.__)("What happened", "svc")))), /* @__PURE__ */ wp.element.createElement("tbody", null, state.events.map((event) => /* @__PURE__ */ wp.element.createElement("tr", { key: event.id, className: PROBLEMS.has(event.type) ? "svc-event svc-event--problem" : "svc-event", "data-event-type": event.type }, /* @__PURE__ */ wp.element.createElement("td", { className: "svc-event__time" }, /* @__PURE__ */ wp.element.createElement("time", { dateTime: event.time }, formatTime(event.time))), /* @__PURE__ */ wp.element.createElement("td", { className: "svc-event__type" }, /* @__PURE__ */ wp.element.createElement("code", null, event.type)), /* @__PURE__ */ wp.element.createElement("td", { className: "svc-event__message" }, event.message))))));
  }
  function formatTime(iso) {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
  }

  // plugin/admin/src/Policies.tsx
  var import_i18n3 = __toESM(require_i18n(), 1);
  function Policies({ file }) {
    const limits = Object.entries(file.rate_limits ?? {});
    const schedules = file.schedules ?? [];
    if (file.cache === void 0 && limits.length === 0 && schedules.length === 0) {
      return null;
    }
    return /* @__PURE__ */ wp.element.createElement("ul", { className: "svc-policies" }, file.cache !== void 0 && /* @__PURE__ */ wp.element.createElement("li", { className: "svc-policy svc-policy--cache" }, file.cache.stale_while_revalidate === null ? (
      /* translators: %d: seconds */
      (0, import_i18n3.sprintf)((0, import_i18n3.__)("Cache: GET answers for %d s", "svc"), file.cache.max_age)
    ) : (
      /* translators: 1: seconds, 2: seconds */
      (0, import_i18n3.sprintf)((0, import_i18n3.__)("Cache: GET answers for %1$d s, stale while revalidating for %2$d s", "svc"), file.cache.max_age, file.cache.stale_while_revalidate)
    ), file.early_cache !== void 0 && /* @__PURE__ */ wp.element.createElement(
      "span",
      { className: "svc-policy__counts", "data-hits": file.early_cache.hits, "data-misses": file.early_cache.misses },
      " (",
      /* translators: 1: answers sent from the store, 2: answers WordPress made and stored */
      (0, import_i18n3.sprintf)((0, import_i18n3.__)("%1$d hits, %2$d misses", "svc"), file.early_cache.hits, file.early_cache.misses),
      ")"
    )), limits.map(([verb, limit]) => /* @__PURE__ */ wp.element.createElement(
      "li",
      { key: verb, className: "svc-policy svc-policy--rate" },
      /* translators: 1: HTTP verb, 2: requests, 3: seconds */
      (0, import_i18n3.sprintf)((0, import_i18n3.__)("Rate limit: %1$s %2$d requests per %3$d s per client", "svc"), verb, limit.requests, limit.per)
    )), schedules.map((schedule) => /* @__PURE__ */ wp.element.createElement(ScheduleItem, { key: schedule.method, schedule })));
  }
  function ScheduleItem({ schedule }) {
    const every = schedule.recurrence === "every" ? (
      /* translators: %d: seconds */
      (0, import_i18n3.sprintf)((0, import_i18n3.__)("every %d s", "svc"), schedule.interval)
    ) : schedule.recurrence;
    const next = schedule.next_run === null ? (0, import_i18n3.__)("not scheduled yet", "svc") : (0, import_i18n3.sprintf)(
      /* translators: %s: date and time */
      (0, import_i18n3.__)("next %s", "svc"),
      shown(schedule.next_run)
    );
    const last = schedule.last_run;
    const failed = last?.outcome === "error";
    return /* @__PURE__ */ wp.element.createElement(
      "li",
      { className: failed ? "svc-policy svc-policy--schedule svc-policy--failed" : "svc-policy svc-policy--schedule", "data-method": schedule.method },
      /* translators: 1: method name, 2: how often, 3: next run */
      (0, import_i18n3.sprintf)((0, import_i18n3.__)("Schedule: %1$s() %2$s, %3$s", "svc"), schedule.method, every, next),
      ", ",
      last === null ? (0, import_i18n3.__)("never ran", "svc") : (
        /* translators: 1: ok, error or running, 2: date and time */
        (0, import_i18n3.sprintf)((0, import_i18n3.__)("last run %1$s at %2$s", "svc"), last.outcome, shown(last.finished ?? last.started))
      ),
      failed && last.message !== null && /* @__PURE__ */ wp.element.createElement("pre", { className: "svc-policy__error" }, last.message)
    );
  }
  function shown(iso) {
    const match = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/.exec(iso);
    return match === null ? iso : `${match[1]} ${match[2]} UTC`;
  }

  // plugin/admin/src/urls.ts
  function restUrl(restRoot, path) {
    return restRoot.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
  }
  function namespaceBase(restRoot, namespace) {
    return restUrl(restRoot, `/${namespace}/`);
  }
  function isLinkable(file) {
    return file.error === void 0 && file.route !== null && file.methods.includes("GET") && !file.path.includes("[");
  }

  // plugin/admin/src/ApiTab.tsx
  function ApiTab({ restRoot }) {
    const [state, setState] = (0, import_element2.useState)({ status: "loading" });
    (0, import_element2.useEffect)(() => {
      let live = true;
      listFiles().then(
        (listing) => live && setState({ status: "loaded", listing }),
        (error) => live && setState({ status: "failed", message: messageOf(error) })
      );
      return () => {
        live = false;
      };
    }, []);
    if (state.status === "loading") {
      return /* @__PURE__ */ wp.element.createElement("p", { className: "svc-loading" }, /* @__PURE__ */ wp.element.createElement(import_components2.Spinner, null), (0, import_i18n4.__)("Loading route files\u2026", "svc"));
    }
    if (state.status === "failed") {
      return /* @__PURE__ */ wp.element.createElement(import_components2.Notice, { status: "error", isDismissible: false }, /* @__PURE__ */ wp.element.createElement("p", null, (0, import_i18n4.__)("Could not load the route files:", "svc")), /* @__PURE__ */ wp.element.createElement("p", { className: "svc-error-text" }, state.message));
    }
    const { files, skipped } = state.listing;
    return /* @__PURE__ */ wp.element.createElement("div", { className: "svc-api-tab" }, skipped > 0 && /* @__PURE__ */ wp.element.createElement(import_components2.Notice, { status: "warning", isDismissible: false }, (0, import_i18n4.sprintf)(
      /* translators: %d: number of files */
      (0, import_i18n4._n)(
        "%d route file is over the per-file size limit: it is not served and not listed.",
        "%d route files are over the per-file size limit: they are not served and not listed.",
        skipped,
        "svc"
      ),
      skipped
    )), files.length === 0 ? /* @__PURE__ */ wp.element.createElement(EmptyState, null) : /* @__PURE__ */ wp.element.createElement(FileTable, { files, restRoot }), /* @__PURE__ */ wp.element.createElement(EventList, null));
  }
  function EmptyState() {
    return /* @__PURE__ */ wp.element.createElement("div", { className: "svc-empty" }, /* @__PURE__ */ wp.element.createElement("p", { className: "svc-empty__title" }, (0, import_i18n4.__)("No routes are deployed yet.", "svc")), /* @__PURE__ */ wp.element.createElement("p", null, (0, import_element2.createInterpolateElement)(
      (0, import_i18n4.__)(
        "Write a route file in your project\u2019s <code>api/</code> directory (for example <code>api/hello.php</code>), then deploy it with <code>svc api push</code>.",
        "svc"
      ),
      { code: /* @__PURE__ */ wp.element.createElement("code", null) }
    )));
  }
  function FileTable({ files, restRoot }) {
    return /* @__PURE__ */ wp.element.createElement("table", { className: "wp-list-table widefat fixed striped svc-files" }, /* @__PURE__ */ wp.element.createElement("thead", null, /* @__PURE__ */ wp.element.createElement("tr", null, /* @__PURE__ */ wp.element.createElement("th", { scope: "col", className: "svc-files__file" }, (0, import_i18n4.__)("File", "svc")), /* @__PURE__ */ wp.element.createElement("th", { scope: "col", className: "svc-files__route" }, (0, import_i18n4.__)("Route", "svc")))), /* @__PURE__ */ wp.element.createElement("tbody", null, files.map((file) => /* @__PURE__ */ wp.element.createElement(FileRow, { key: file.filename, file, restRoot }))));
  }
  function FileRow({ file, restRoot }) {
    const failed = file.error !== void 0;
    return /* @__PURE__ */ wp.element.createElement("tr", { className: failed ? "svc-file svc-file--failed" : "svc-file", "data-filename": file.filename }, /* @__PURE__ */ wp.element.createElement("td", { className: "svc-files__file" }, /* @__PURE__ */ wp.element.createElement("code", { className: "svc-file__name" }, `${file.filename}.php`), failed && /* @__PURE__ */ wp.element.createElement("span", { className: "svc-badge svc-badge--failed" }, (0, import_i18n4.__)("Failed to load", "svc")), file.public === true && /* @__PURE__ */ wp.element.createElement(
      "span",
      {
        className: "svc-badge svc-badge--public",
        title: (0, import_i18n4.__)("Anyone can call at least one verb of this route without logging in.", "svc")
      },
      (0, import_i18n4.__)("Public", "svc")
    ), failed && /* @__PURE__ */ wp.element.createElement("pre", { className: "svc-file__error" }, file.error)), /* @__PURE__ */ wp.element.createElement("td", { className: "svc-files__route" }, /* @__PURE__ */ wp.element.createElement(RouteCell, { file, restRoot })));
  }
  function RouteCell({ file, restRoot }) {
    if (file.route === null) {
      return /* @__PURE__ */ wp.element.createElement("span", { className: "svc-muted" }, (0, import_i18n4.__)("None: the file name is not a valid route name.", "svc"));
    }
    return /* @__PURE__ */ wp.element.createElement(wp.element.Fragment, null, isLinkable(file) ? /* @__PURE__ */ wp.element.createElement("a", { className: "svc-route", href: restUrl(restRoot, file.path), target: "_blank", rel: "noopener noreferrer" }, file.path) : /* @__PURE__ */ wp.element.createElement("code", { className: "svc-route" }, file.path), file.methods.length > 0 && /* @__PURE__ */ wp.element.createElement("span", { className: "svc-methods" }, file.methods.join(", ")), file.error !== void 0 && /* @__PURE__ */ wp.element.createElement("span", { className: "svc-muted svc-not-served" }, (0, import_i18n4.__)("Not served until the file is fixed.", "svc")), /* @__PURE__ */ wp.element.createElement(Policies, { file }));
  }

  // plugin/admin/src/SettingsTab.tsx
  var import_components3 = __toESM(require_components(), 1);
  var import_element3 = __toESM(require_element(), 1);
  var import_i18n5 = __toESM(require_i18n(), 1);
  function SettingsTab({ restRoot }) {
    const [load, setLoad] = (0, import_element3.useState)({ status: "loading" });
    const [saved, setSaved] = (0, import_element3.useState)("");
    const [value, setValue] = (0, import_element3.useState)("");
    const [saving, setSaving] = (0, import_element3.useState)(false);
    const [outcome, setOutcome] = (0, import_element3.useState)(null);
    (0, import_element3.useEffect)(() => {
      let live = true;
      readNamespace().then(
        (namespace) => {
          if (!live) return;
          setSaved(namespace);
          setValue(namespace);
          setLoad({ status: "loaded" });
        },
        (error) => live && setLoad({ status: "failed", message: messageOf(error) })
      );
      return () => {
        live = false;
      };
    }, []);
    if (load.status === "loading") {
      return /* @__PURE__ */ wp.element.createElement("p", { className: "svc-loading" }, /* @__PURE__ */ wp.element.createElement(import_components3.Spinner, null), (0, import_i18n5.__)("Loading settings\u2026", "svc"));
    }
    if (load.status === "failed") {
      return /* @__PURE__ */ wp.element.createElement(import_components3.Notice, { status: "error", isDismissible: false }, /* @__PURE__ */ wp.element.createElement("p", null, (0, import_i18n5.__)("Could not load the settings:", "svc")), /* @__PURE__ */ wp.element.createElement("p", { className: "svc-error-text" }, load.message));
    }
    const submit = (event) => {
      event.preventDefault();
      const wanted = value.trim();
      setSaving(true);
      setOutcome(null);
      saveNamespace(wanted).then(
        (change) => {
          setSaved(change.namespace);
          setValue(change.namespace);
          setOutcome({ kind: "saved", change });
          setSaving(false);
        },
        (error) => {
          setOutcome({ kind: "refused", message: messageOf(error) });
          setSaving(false);
        }
      );
    };
    return /* @__PURE__ */ wp.element.createElement("form", { className: "svc-settings", onSubmit: submit }, outcome?.kind === "refused" && /* @__PURE__ */ wp.element.createElement(import_components3.Notice, { status: "error", isDismissible: false, className: "svc-settings__error" }, /* @__PURE__ */ wp.element.createElement("p", { className: "svc-error-text" }, outcome.message)), outcome?.kind === "saved" && /* @__PURE__ */ wp.element.createElement(Moved, { change: outcome.change, restRoot }), /* @__PURE__ */ wp.element.createElement(
      import_components3.TextControl,
      {
        className: "svc-settings__namespace",
        label: (0, import_i18n5.__)("Route namespace", "svc"),
        value,
        onChange: setValue,
        disabled: saving,
        autoComplete: "off",
        spellCheck: false,
        help: (0, import_element3.createInterpolateElement)(
          (0, import_i18n5.__)(
            "Every route file is served under this namespace: a lowercase name, a slash and a version, for example <code>my-api/v1</code>. Routes answer under <base />.",
            "svc"
          ),
          { code: /* @__PURE__ */ wp.element.createElement("code", null), base: /* @__PURE__ */ wp.element.createElement("code", null, namespaceBase(restRoot, saved)) }
        )
      }
    ), /* @__PURE__ */ wp.element.createElement("p", { className: "svc-settings__warning" }, (0, import_i18n5.__)("Changing it moves every route URL at once; the old URLs are not redirected.", "svc")), /* @__PURE__ */ wp.element.createElement("div", { className: "svc-settings__actions" }, /* @__PURE__ */ wp.element.createElement(import_components3.Button, { variant: "primary", type: "submit", isBusy: saving, disabled: saving || value.trim() === saved }, (0, import_i18n5.__)("Save namespace", "svc")), saving && /* @__PURE__ */ wp.element.createElement(import_components3.Spinner, null)));
  }
  function Moved({ change, restRoot }) {
    if (change.namespace === change.previous) {
      return /* @__PURE__ */ wp.element.createElement(import_components3.Notice, { status: "info", isDismissible: false }, /* @__PURE__ */ wp.element.createElement("p", null, (0, import_i18n5.__)("The namespace is unchanged.", "svc")));
    }
    return /* @__PURE__ */ wp.element.createElement(import_components3.Notice, { status: "success", isDismissible: false, className: "svc-settings__moved" }, /* @__PURE__ */ wp.element.createElement("p", null, (0, import_element3.createInterpolateElement)(
      (0, import_i18n5.__)("Namespace changed from <old /> to <new />. Every route URL moved: routes now answer under <base />", "svc"),
      {
        old: /* @__PURE__ */ wp.element.createElement("code", null, change.previous),
        new: /* @__PURE__ */ wp.element.createElement("code", null, change.namespace),
        base: /* @__PURE__ */ wp.element.createElement("code", { className: "svc-new-base" }, namespaceBase(restRoot, change.namespace))
      }
    )), /* @__PURE__ */ wp.element.createElement("p", null, (0, import_i18n5.__)("Old URLs are not redirected: update every client that calls them.", "svc")));
  }

  // plugin/admin/src/App.tsx
  var TABS = [
    { name: "api", title: (0, import_i18n6.__)("API", "svc"), className: "svc-tab-api" },
    { name: "settings", title: (0, import_i18n6.__)("Settings", "svc"), className: "svc-tab-settings" }
  ];
  function tabFromHash() {
    const name = window.location.hash.replace(/^#/, "");
    return TABS.some((tab) => tab.name === name) ? name : "api";
  }
  function rememberTab(name) {
    window.history.replaceState(null, "", `#${name}`);
  }
  function App({ restRoot }) {
    return /* @__PURE__ */ wp.element.createElement(import_components4.TabPanel, { className: "svc-tabs", tabs: TABS, initialTabName: tabFromHash(), onSelect: rememberTab }, (tab) => tab.name === "settings" ? /* @__PURE__ */ wp.element.createElement(SettingsTab, { restRoot }) : /* @__PURE__ */ wp.element.createElement(ApiTab, { restRoot }));
  }

  // plugin/admin/src/index.tsx
  var ROOT_ID = "svc-admin-root";
  function restRootOf(element) {
    const given = element.dataset["restRoot"] ?? "";
    try {
      const url = new URL(given, window.location.href);
      if (url.protocol === "http:" || url.protocol === "https:") return url.href;
    } catch {
    }
    return `${window.location.origin}/?rest_route=/`;
  }
  function mount() {
    const element = document.getElementById(ROOT_ID);
    if (element === null) return;
    const app = /* @__PURE__ */ wp.element.createElement(App, { restRoot: restRootOf(element) });
    if (import_element4.createRoot !== void 0) {
      (0, import_element4.createRoot)(element).render(app);
    } else {
      (0, import_element4.render)(app, element);
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
})();
