; The Windows installer: a per-user install (no administrator rights asked),
; a Start menu entry, an entry in Settings > Apps, and an uninstaller that
; removes the game and leaves the player's saves (they live in %LOCALAPPDATA%
; and %APPDATA%, never in the install folder).
;
; Built by packaging/build.py --target windows, which defines:
;   VERSION   the game's version, e.g. 0.1.0
;   VERSION4  the same as four numbers, e.g. 0.1.0.0 (Windows' version resource)
;   SRC       the app folder PyInstaller made (FateOfTheElderGods\)
;   ICON      fate.ico
;   OUT       the setup .exe to write
;   SIDE      the welcome and finish pages' picture (packaging/icons.py)
;   SIZE_KB   the app folder's size in KiB (Settings > Apps shows it)
Unicode true
Target amd64-unicode          ; a 64-bit installer: it runs on 64-bit-only Wine too
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!define APP "FateOfTheElderGods"
!define TITLE "Fate of the Elder Gods"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"

Name "${TITLE}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
BrandingText "${TITLE} ${VERSION}"
ShowInstDetails nevershow
ShowUninstDetails nevershow

VIProductVersion "${VERSION4}"
VIAddVersionKey /LANG=1033 "ProductName" "${TITLE}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${TITLE} installer"
VIAddVersionKey /LANG=1033 "CompanyName" "The Fate of the Elder Gods studio"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Copyright (c) The Fate of the Elder Gods studio"

!include "MUI2.nsh"
!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_WELCOMEFINISHPAGE_BITMAP "${SIDE}"
!define MUI_UNWELCOMEFINISHPAGE_BITMAP "${SIDE}"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP}.exe"
!define MUI_FINISHPAGE_RUN_TEXT "$(RUN_TEXT)"
!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(KEPT_TEXT)"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; The game's languages: NSIS's own pages speak the one of the player's Windows (English where it
; is none of these), and so do our two lines, in the register of NSIS's own words on the same
; page (German and Spanish formal). The game itself asks Windows too, at its first start.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "Italian"
!insertmacro MUI_LANGUAGE "Polish"
!insertmacro MUI_LANGUAGE "PortugueseBR"
LangString RUN_TEXT ${LANG_ENGLISH} "Start ${TITLE} now"
LangString RUN_TEXT ${LANG_GERMAN} "${TITLE} jetzt starten"
LangString RUN_TEXT ${LANG_FRENCH} "Lancer ${TITLE} maintenant"
LangString RUN_TEXT ${LANG_SPANISH} "Iniciar ${TITLE} ahora"
LangString RUN_TEXT ${LANG_ITALIAN} "Avvia ${TITLE} ora"
LangString RUN_TEXT ${LANG_POLISH} "Uruchom ${TITLE} teraz"
LangString RUN_TEXT ${LANG_PORTUGUESEBR} "Iniciar ${TITLE} agora"
LangString KEPT_TEXT ${LANG_ENGLISH} "${TITLE} will be removed from this computer. Your saved games and settings are kept: they are not in this folder, and the game finds them again if you install it later."
LangString KEPT_TEXT ${LANG_GERMAN} "${TITLE} wird von diesem Computer entfernt. Ihre gespeicherten Spiele und Einstellungen bleiben erhalten: Sie liegen nicht in diesem Ordner, und das Spiel findet sie wieder, wenn Sie es später erneut installieren."
LangString KEPT_TEXT ${LANG_FRENCH} "${TITLE} va être retiré de cet ordinateur. Vos parties sauvegardées et vos réglages sont conservés : ils ne sont pas dans ce dossier, et le jeu les retrouvera si vous le réinstallez plus tard."
LangString KEPT_TEXT ${LANG_SPANISH} "${TITLE} se quitará de este ordenador. Sus partidas guardadas y sus ajustes se conservan: no están en esta carpeta, y el juego los encontrará de nuevo si lo vuelve a instalar más adelante."
LangString KEPT_TEXT ${LANG_ITALIAN} "${TITLE} verrà rimosso da questo computer. Le partite salvate e le impostazioni restano: non si trovano in questa cartella, e il gioco le ritroverà se verrà installato di nuovo."
LangString KEPT_TEXT ${LANG_POLISH} "Gra ${TITLE} zostanie usunięta z tego komputera. Zapisane gry i ustawienia zostają: nie ma ich w tym folderze, a gra odnajdzie je, jeśli zainstalujesz ją ponownie."
LangString KEPT_TEXT ${LANG_PORTUGUESEBR} "${TITLE} será removido deste computador. Seus jogos salvos e suas configurações são mantidos: eles não ficam nesta pasta, e o jogo os encontra de novo se você o instalar mais tarde."

Section "Install"
  SetShellVarContext current
  ; a reinstall or an update replaces the whole app folder
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${SRC}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${TITLE}.lnk" "$INSTDIR\${APP}.exe" "" "$INSTDIR\${APP}.exe" 0
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${TITLE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The Fate of the Elder Gods studio"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP}.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${TITLE}.lnk"
  ; only what the installer put there: the app, its licences and its _internal folder
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP}.exe"
  Delete "$INSTDIR\LICENSE"
  Delete "$INSTDIR\THIRD-PARTY-NOTICES.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
