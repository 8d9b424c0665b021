#!/bin/sh
# Install Fate of the Elder Gods for this user: the app, its menu entry and icons.
#   ./install.sh              install (or update) from the folder this script is in
#   ./install.sh --uninstall  remove the app, the menu entry and the icons
# Saves and settings live in ~/.local/share/FateOfTheElderGods and are never touched.
set -eu

ID=fate-of-the-elder-gods
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-"$HOME/.local/share"}
APP_DIR="$HOME/.local/lib/$ID"
MENU="$DATA/applications/$ID.desktop"
ICONS="$DATA/icons/hicolor"
SIZES="16 24 32 48 64 128 256 512"

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$DATA/applications" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$ICONS" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$APP_DIR"
    rm -f "$MENU"
    for s in $SIZES; do
        rm -f "$ICONS/${s}x${s}/apps/$ID.png"
        # the folders the install made, if nothing else is in them now
        rmdir "$ICONS/${s}x${s}/apps" "$ICONS/${s}x${s}" 2>/dev/null || true
    done
    # a folder left with nothing but the cache our install's refresh wrote goes too
    if [ "$(ls -A "$ICONS" 2>/dev/null)" = "icon-theme.cache" ]; then rm -f "$ICONS/icon-theme.cache"; fi
    if [ "$(ls -A "$DATA/applications" 2>/dev/null)" = "mimeinfo.cache" ]; then
        rm -f "$DATA/applications/mimeinfo.cache"
    fi
    for d in "$ICONS" "$DATA/icons" "$DATA/applications" "$(dirname "$APP_DIR")"; do
        rmdir "$d" 2>/dev/null || true
    done
    [ -d "$ICONS" ] && refresh
    echo "Fate of the Elder Gods is uninstalled (your saves are kept)."
    exit 0
fi
if [ -n "${1:-}" ]; then
    echo "install.sh: unknown option '$1' (use --uninstall, or nothing to install)" >&2
    exit 2
fi
if [ ! -x "$HERE/FateOfTheElderGods/FateOfTheElderGods" ]; then
    echo "install.sh: FateOfTheElderGods/FateOfTheElderGods is missing beside this script" >&2
    exit 1
fi

mkdir -p "$(dirname "$APP_DIR")" "$DATA/applications"
rm -rf "$APP_DIR.new"
cp -R "$HERE/FateOfTheElderGods" "$APP_DIR.new"
rm -rf "$APP_DIR"
mv "$APP_DIR.new" "$APP_DIR"
for s in $SIZES; do
    mkdir -p "$ICONS/${s}x${s}/apps"
    cp "$HERE/icons/fate-$s.png" "$ICONS/${s}x${s}/apps/$ID.png"
done
sed "s|@EXEC@|\"$APP_DIR/FateOfTheElderGods\"|" "$HERE/$ID.desktop" > "$MENU.new"
chmod 644 "$MENU.new"
mv "$MENU.new" "$MENU"
refresh
echo "Installed: Fate of the Elder Gods is in your applications menu ($MENU)."
