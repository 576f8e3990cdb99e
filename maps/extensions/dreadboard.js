/*
 * Dreadboard map checks inside Tiled (a project extension of maps/dreadboard.tiled-project).
 *
 * One source of truth: this runs the game's own validator,
 *     <repo>/.venv/bin/python -m tools.validate --json MAP
 * when a map is saved and when "Check Map for Dreadboard" (Map menu, Ctrl+Shift+D) is chosen, and
 * lists every problem in Tiled's Issues view (tiled.error / tiled.warn). Activating an issue
 * (double-click or Enter) selects the object it names, or the square (as a tile selection).
 *
 * Project extensions are off by default: Tiled shows "The current project contains scripted
 * extensions" with an "Enable Extensions" button (docs/map-authoring.md).
 *
 * The report format is documented in tools/validate.py; issuesFromReport() below is the only
 * reader of it and is tested with node (tests/test_tiled_extension.py).
 */
/* global tiled, Process, File, Qt, __filename, module */

var DREADBOARD_EXTENSION_FILE = typeof __filename !== "undefined" ? __filename : "";

var Dreadboard = (function () {
    "use strict";

    var REPORT_FORMAT = "dreadboard-validate";
    var REPORT_VERSION = 1;

    function dirName(path) {
        var s = String(path).replace(/\\/g, "/");
        var i = s.lastIndexOf("/");
        return i > 0 ? s.substring(0, i) : s;
    }

    function sameFile(a, b) {
        return String(a).replace(/\\/g, "/") === String(b).replace(/\\/g, "/");
    }

    /*
     * The validator's JSON report for one map as Issues view entries:
     * [{severity: "error"|"warning", text, object (id or null), layer (name or null),
     *   square ([x, y] or null)}]. Throws an Error naming what is wrong when the report is not
     * the expected format.
     */
    function issuesFromReport(report, mapFile) {
        if (!report || report.format !== REPORT_FORMAT || report.version !== REPORT_VERSION)
            throw new Error("not a " + REPORT_FORMAT + " version " + REPORT_VERSION + " report");
        if (!Array.isArray(report.maps))
            throw new Error("the report has no list of maps");
        var entry = null;
        for (var i = 0; i < report.maps.length; ++i) {
            if (sameFile(report.maps[i].path, mapFile)) {
                entry = report.maps[i];
                break;
            }
        }
        if (entry === null && report.maps.length === 1)
            entry = report.maps[0];
        if (entry === null)
            throw new Error("the report does not mention " + mapFile);
        var issues = [];
        (entry.problems || []).forEach(function (p) {
            var text = "Dreadboard: ";
            if (p.file && p.file !== entry.file)
                text += p.file + ": ";
            if (p.where)
                text += p.where + ": ";
            text += p.message;
            if (p.hint)
                text += " (" + p.hint + ")";
            var square = null;
            if (Array.isArray(p.square) && p.square.length === 2)
                square = [Number(p.square[0]), Number(p.square[1])];
            issues.push({
                severity: p.severity === "error" ? "error" : "warning",
                text: text,
                object: typeof p.object === "number" ? p.object : null,
                layer: typeof p.layer === "string" && p.layer ? p.layer : null,
                square: square
            });
        });
        return issues;
    }

    // --------------------------------------------------------------------- inside Tiled
    function eachLayer(container, visit, prefix) {
        for (var i = 0; i < container.layerCount; ++i) {
            var layer = container.layerAt(i);
            var path = prefix + layer.name;
            visit(layer, path);
            if (layer.isGroupLayer)
                eachLayer(layer, visit, path + "/");
        }
    }

    function findObject(map, id) {
        var found = null;
        eachLayer(map, function (layer) {
            if (found === null && layer.isObjectLayer) {
                var objects = layer.objects;
                for (var i = 0; i < objects.length; ++i) {
                    if (objects[i].id === id) {
                        found = {layer: layer, object: objects[i]};
                        return;
                    }
                }
            }
        }, "");
        return found;
    }

    function findLayer(map, path) {
        var found = null;
        eachLayer(map, function (layer, p) {
            if (found === null && (p === path || layer.name === path))
                found = layer;
        }, "");
        return found;
    }

    function centreOn(x, y) {
        var editor = tiled.mapEditor;
        if (editor && editor.currentMapView)
            editor.currentMapView.centerOn(x, y);
    }

    // Select what an issue names: its object, else its square (a one-square tile selection).
    function showIssue(map, issue) {
        tiled.activeAsset = map;
        if (issue.object !== null) {
            var hit = findObject(map, issue.object);
            if (hit !== null) {
                map.currentLayer = hit.layer;
                map.selectedObjects = [hit.object];
                centreOn(hit.object.x, hit.object.y);
                return;
            }
        }
        if (issue.square !== null) {
            if (issue.layer !== null) {
                var layer = findLayer(map, issue.layer);
                if (layer !== null)
                    map.currentLayer = layer;
            }
            map.selectedArea.set(Qt.rect(issue.square[0], issue.square[1], 1, 1));
            centreOn((issue.square[0] + 0.5) * map.tileWidth, (issue.square[1] + 0.5) * map.tileHeight);
        }
    }

    function repoRoot() {
        // <repo>/maps/extensions/dreadboard.js
        return dirName(dirName(dirName(DREADBOARD_EXTENSION_FILE)));
    }

    function pythonFor(root) {
        var candidates = [root + "/.venv/bin/python", root + "/.venv/Scripts/python.exe"];
        for (var i = 0; i < candidates.length; ++i) {
            if (File.exists(candidates[i]))
                return candidates[i];
        }
        return "python3";
    }

    // Run the validator on the saved map file and list what it says.
    function check(map, onDemand) {
        if (!map || !map.isTileMap || !map.fileName)
            return;
        var root = repoRoot();
        var proc = new Process();
        proc.workingDirectory = root;
        // start + wait, not exec: exec throws when the checker exits 2 (= the map has problems)
        proc.start(pythonFor(root), ["-m", "tools.validate", "--json", map.fileName]);
        var finished = proc.waitForFinished(60000);
        var code = finished ? proc.exitCode : "timed out";
        var out = proc.readStdOut();
        var err = proc.readStdErr();
        proc.close();
        var issues;
        try {
            issues = issuesFromReport(JSON.parse(out), map.fileName);
        } catch (e) {
            tiled.error("Dreadboard: the map checker did not answer (" + e.message + ", exit " + code + "). " +
                        "Run 'make test' once in " + root + " to set up .venv. " + String(err).substring(0, 300),
                        function () {});
            return;
        }
        if (issues.length === 0) {
            tiled.log("Dreadboard: " + map.fileName + " is ok");
            if (onDemand)
                tiled.alert("No problems: the map is ready for Dreadboard.", "Check Map for Dreadboard");
            return;
        }
        issues.forEach(function (issue) {
            var activated = function () { showIssue(map, issue); };
            if (issue.severity === "error")
                tiled.error(issue.text, activated);
            else
                tiled.warn(issue.text, activated);
        });
    }

    function install() {
        var action = tiled.registerAction("DreadboardCheckMap", function () {
            var map = tiled.activeAsset;
            if (!map || !map.isTileMap) {
                tiled.alert("Open a map first.", "Check Map for Dreadboard");
                return;
            }
            if (map.modified)
                tiled.trigger("Save");  // the checker reads the file; saving also checks (assetSaved)
            else
                check(map, true);
        });
        action.text = "Check Map for Dreadboard";
        action.shortcut = "Ctrl+Shift+D";
        tiled.extendMenu("Map", [{separator: true}, {action: "DreadboardCheckMap"}]);
        tiled.assetSaved.connect(function (asset) {
            if (asset && asset.isTileMap)
                check(asset, false);
        });
    }

    return {
        issuesFromReport: issuesFromReport,
        showIssue: showIssue,
        findObject: findObject,
        install: install,
        check: check
    };
}());

if (typeof tiled !== "undefined")
    Dreadboard.install();
if (typeof module !== "undefined" && module.exports)
    module.exports = Dreadboard;
